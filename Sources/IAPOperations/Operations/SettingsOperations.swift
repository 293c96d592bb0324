import IAPCore
import IAPKit

/// The store's settings: shown, changed one at a time, put back to the catalog's defaults.
package enum SettingsOperations {
  /// The setting `set` changes.
  package static let key = Parameter<String>.string(ParameterInfo("key", json: "key", required: true, help: "The setting to change."))
  /// Its new value, as the CLI spells it.
  package static let value = Parameter<String>.string(ParameterInfo("value", json: "value", required: true, help: "Its new value."))
  /// The settings `reset` puts back.
  package static let keys = Parameter<[String]>.strings(ParameterInfo("key", json: "keys", default: "all", help: "Settings to reset."))

  package static let show = OperationSpec("settings", summary: "Show the store's settings; set or reset them.", parameters: [])
  package static let set = OperationSpec("settings set", summary: "Change a setting.", parameters: [key.info, value.info])
  package static let reset = OperationSpec("settings reset", summary: "Restore the catalog's default settings.", parameters: [keys.info])

  /// The change `set` makes, checked against the setting's grammar.
  package static func setRequest(_ input: some OperationInput) throws(IAPError) -> SettingChange {
    try change(try input.required(key), to: try input.required(value), input)
  }

  /// Setting `key` to `value` (as the CLI spells it), or the usage error that says why not: what
  /// `set` and the control plane's change of several settings both check.
  package static func change(_ key: String, to value: String, _ input: some OperationInput) throws(IAPError) -> SettingChange {
    do throws(SettingError) { return try SettingChange(key: key, value: value) } catch { throw input.usage(error.message) }
  }

  /// The settings `reset` puts back, each a known one; none for every setting.
  package static func resetRequest(_ input: some OperationInput) throws(IAPError) -> [String] {
    let keys = try input.value(keys, default: [])
    for key in keys {
      do throws(SettingError) { _ = try StoreSettings.spec(key) } catch { throw input.usage(error.message) }
    }
    return keys
  }
}
