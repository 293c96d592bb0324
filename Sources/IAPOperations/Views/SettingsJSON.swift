import IAPCore
import IAPFormats
import IAPKit

/// Settings as JSON (`settings --json`, the control plane).
package enum SettingsJSON {
  /// `{"settings": {name: {"value", "source"}}}` for `keys` (default: every setting).
  package static func document(_ settings: StoreSettings, keys: [String]? = nil) -> JSONValue {
    let members = (keys ?? StoreSettings.specs.map(\.name)).map { name -> (String, JSONValue) in
      (name, .object([
        ("value", .string(settings.values[name] ?? "")),
        ("source", .string(settings.sources[name]?.rawValue ?? "default")),
      ]))
    }
    return .object([("settings", .object(members))])
  }
}
