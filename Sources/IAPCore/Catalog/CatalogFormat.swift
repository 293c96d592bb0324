/// The two formats a catalog can be written in, told apart by content rather than by name:
/// a `.storekit` file is JSON whose first character (after an optional byte-order mark and
/// whitespace) is `{`; a property list starts with `<` (XML) or `bplist` (binary).
package enum CatalogFormat: Sendable {
  /// `catalog.plist`: XML or binary property list.
  case propertyList
  /// Xcode's StoreKit configuration file (`.storekit`).
  case storeKitConfiguration

  /// The format `bytes` are written in. Anything that is not a JSON object is taken for a
  /// property list, whose parser then says what is wrong with it.
  package static func detect(_ bytes: [UInt8]) -> CatalogFormat {
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    return index < bytes.count && bytes[index] == UInt8(ascii: "{") ? .storeKitConfiguration : .propertyList
  }
}
