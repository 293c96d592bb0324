import IAPCore
import IAPStorage

/// One setting to change: a known key and its value, normalized (`yes` is `on`, `5` is
/// `storeProductNotAvailable`). Valid by construction, so the use case cannot fail on it.
package struct SettingChange: Sendable, Equatable {
  package let key: String
  /// The value as it is stored and shown.
  package let value: String

  /// Validates `value` for `key`; throws what was wrong (an unknown key, or a value outside
  /// the key's `SettingKind.grammar`) for the front end to word.
  package init(key: String, value: String) throws(SettingError) {
    self.value = try StoreSettings.normalize(key: key, value: value)
    self.key = key
  }
}

extension Workspace {
  /// Use case: the settings in force and where each value comes from (built-in default,
  /// the catalog, `settings set`, the environment). Reads the state without changing it.
  package func showSettings() throws(IAPError) -> StoreSettings {
    let fields = catalogFieldsQuietly()  // before the lock: see `settings(_:fields:)`
    let session = try IAPError.ofState(stateDirectory.open(forWriting: false))
    return try settings(session, fields: fields)
  }

  /// Use case: stores one setting, persistently, and returns the settings now in force.
  package func setSetting(_ change: SettingChange) throws(IAPError) -> StoreSettings {
    let fields = catalogFieldsQuietly()  // before the lock: see `settings(_:fields:)`
    let session = try IAPError.ofState(stateDirectory.open(forWriting: true))
    var overrides = try IAPError.ofState(session.settingsOverrides())
    overrides[change.key] = change.value
    try IAPError.ofState(session.saveSettings(overrides))
    return try settings(session, fields: fields)
  }

  /// Use case: forgets what `setSetting` stored for `keys` (every key when empty), so the
  /// catalog's or the built-in defaults apply again, and returns the settings now in force.
  /// Keys that are not settings are ignored: they cannot have been stored.
  package func resetSettings(_ keys: [String] = []) throws(IAPError) -> StoreSettings {
    let fields = catalogFieldsQuietly()  // before the lock: see `settings(_:fields:)`
    let session = try IAPError.ofState(stateDirectory.open(forWriting: true))
    var overrides = try IAPError.ofState(session.settingsOverrides())
    if keys.isEmpty { overrides = [:] } else { keys.forEach { overrides[$0] = nil } }
    try IAPError.ofState(session.saveSettings(overrides))
    return try settings(session, fields: fields)
  }

  /// Use case: `SKPaymentQueue.canMakePayments()`: false when the `can-make-payments`
  /// setting restricts purchases on the device.
  package func canMakePayments() throws(IAPError) -> Bool {
    try showSettings().canMakePayments
  }
}
