import IAPCore
import IAPFormats

package extension CatalogSettings {
  /// Reads a `catalog.plist`'s `settings` dictionary: `iap` setting names to strings,
  /// booleans (on/off) or integers, each read as `iap settings set` reads its text. Bad
  /// values are errors; unknown names are warnings.
  static func validate(plist value: PlistValue, _ problems: inout CatalogProblems) -> CatalogSettings {
    var settings = CatalogSettings()
    guard case let .dictionary(dict) = value else {
      problems.expected("a dictionary of setting name → value", got: value, key: "settings")
      return settings
    }
    for name in dict.keys.sorted() {
      let key = "settings.\(name)"
      guard names.contains(name) else {
        problems.warning("unknown setting (ignored)\(Suggestion.hint(for: name, in: names))", key: key)
        continue
      }
      let text: String
      switch dict[name]! {
      case let .string(s): text = s
      case let .bool(b): text = b ? "on" : "off"
      case let .integer(n): text = String(n)
      default:
        problems.expected(expectation(for: name), got: dict[name]!, key: key)
        continue
      }
      guard let normalized = normalize(name, text) else {
        problems.expected(expectation(for: name), got: dict[name]!, key: key)
        continue
      }
      settings.set(name, normalized)
    }
    return settings
  }
}
