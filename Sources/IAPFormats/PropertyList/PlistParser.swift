/// Reads XML and binary property lists into `PlistValue`s, for the catalog and for
/// `--ids-from` files.
///
/// `iap` has its own reader rather than `PropertyListDecoder` for three reasons found by
/// measuring and by hostile input: Foundation's XML scanner recurses once per nesting level
/// and overflows the stack on a few thousand nested arrays (a crash, not an error); its binary
/// reader follows shared references without bound; and decoding a 10,000-product catalog
/// through `Decodable` costs several times the parse. Both readers here limit nesting and the
/// number of values, and report every failure as a `PlistParseError`.
package enum PlistParser {
  /// Deepest nesting accepted; a catalog needs five levels.
  package static let maximumDepth = 100
  /// Most values one document may expand to; binary plists can share objects, so a small
  /// file could otherwise stand for an enormous tree.
  package static let maximumValues = 20_000_000

  /// Parses a complete XML or binary (`bplist00`) property list.
  package static func parse(_ bytes: [UInt8]) throws(PlistParseError) -> PlistValue {
    if bytes.starts(with: BinaryPlistParser.magic) { return try BinaryPlistParser.parse(bytes) }
    return try XMLPlistParser.parse(bytes)
  }
}
