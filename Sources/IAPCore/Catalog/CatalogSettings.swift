/// The test-environment settings a catalog carries, by `iap` setting name: what Xcode keeps in
/// a `.storekit` file's `settings` and a `catalog.plist` in its `settings` dictionary.
///
/// A plain list of name and value strings, normalized (`on`/`off`, case names) and kept in
/// one fixed order, so both catalog formats give equal values. The settings store uses them
/// as the defaults `iap settings` starts from.
package struct CatalogSettings: Equatable, Sendable {
  /// One setting.
  package struct Entry: Equatable, Sendable {
    package var name: String
    package var value: String
  }

  /// Every setting name, in the order entries are kept and written: the store's settings.
  package static var names: [String] { StoreSettings.specs.map(\.name) }

  /// The settings given, in `names` order.
  package private(set) var entries: [Entry] = []

  package init() {}

  /// The settings as (name, value) pairs.
  package var pairs: [(String, String)] { entries.map { ($0.name, $0.value) } }

  package var isEmpty: Bool { entries.isEmpty }

  /// The value of setting `name`, if given.
  package subscript(name: String) -> String? {
    entries.first { $0.name == name }?.value
  }

  /// Sets `name` (one of `names`) to an already normalized value, replacing any earlier one.
  package mutating func set(_ name: String, _ value: String) {
    precondition(Self.names.contains(name), "unknown setting \(name)")
    entries.removeAll { $0.name == name }
    let rank = Self.names.firstIndex(of: name)!
    let position = entries.firstIndex { Self.names.firstIndex(of: $0.name)! > rank } ?? entries.count
    entries.insert(Entry(name: name, value: value), at: position)
  }

  /// The normalized value of a setting given as text, or nil when the text is not a valid
  /// value: the store's own rules (`StoreSettings.normalize`) decide.
  package static func normalize(_ name: String, _ text: String) -> String? {
    try? StoreSettings.normalize(key: name, value: text)
  }

  /// What a valid value of `name` looks like, for "expected …" messages.
  package static func expectation(for name: String) -> String {
    do {
      _ = try StoreSettings.normalize(key: name, value: "\u{0}")
    } catch {
      if case let .invalidValue(_, _, expected) = error { return expected }
    }
    return "a valid value"
  }

  /// Whether a setting is a switch, valued `on` or `off`.
  package static func isToggle(_ name: String) -> Bool {
    guard let spec = try? StoreSettings.spec(name), case .toggle = spec.kind else { return false }
    return true
  }

  /// Three ASCII capitals, as ISO 3166-1 alpha-3 and ISO 4217 codes are written.
  package static func isAlpha3(_ s: String) -> Bool {
    s.count == 3 && s.allSatisfy { $0.isASCII && $0.isUppercase }
  }
}
