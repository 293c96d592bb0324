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
    try changeSettings([change])
  }

  /// Use case: forgets what `setSetting` stored for `keys` (every key when empty), so the
  /// catalog's or the built-in defaults apply again, and returns the settings now in force.
  /// Keys that are not settings are ignored: they cannot have been stored.
  package func resetSettings(_ keys: [String] = []) throws(IAPError) -> StoreSettings {
    try changeSettings([], resetting: keys.isEmpty ? nil : keys)
  }

  /// Use case: forgets what was stored for `keys` (nil: every key), then stores `changes`,
  /// as one change, and returns the settings now in force. A change that would leave the
  /// Production environment without `app-apple-id` is refused whole (nothing is stored):
  /// every use case that signs would refuse after it, listing the queue included.
  package func changeSettings(_ changes: [SettingChange], resetting keys: [String]? = []) throws(IAPError) -> StoreSettings {
    let fields = catalogFieldsQuietly()  // before the lock: see `settings(_:fields:)`
    let session = try IAPError.ofState(stateDirectory.open(forWriting: true))
    let stored = try IAPError.ofState(session.settingsOverrides())
    var overrides = stored
    if let keys { for key in keys { overrides[key] = nil } } else { overrides = [:] }
    for change in changes { overrides[change.key] = change.value }
    let result = settings(fields: fields, overrides: overrides)
    // A catalog can make the settings incomplete before any change: only a change that
    // makes them so is refused, so one that mends them (or leaves them as they were) passes.
    if let reason = result.incompleteness, settings(fields: fields, overrides: stored).incompleteness == nil {
      let remedy = "set it first with 'iap settings set app-apple-id NUMBER', and keep it while the environment is Production"
      throw .invalidRequest("\(reason): \(remedy); nothing was changed")
    }
    try IAPError.ofState(session.saveSettings(overrides))
    return result
  }

  /// Use case: `SKPaymentQueue.canMakePayments()`: false when the `can-make-payments`
  /// setting restricts purchases on the device.
  package func canMakePayments() throws(IAPError) -> Bool {
    try showSettings().canMakePayments
  }
}
