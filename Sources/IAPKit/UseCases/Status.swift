import IAPCore
import IAPStorage

/// The store at a glance (`iap status`, `GET /iap/v1/status`): what a newcomer would
/// otherwise piece together from `clock`, `settings`, `queue`, `entitlements`,
/// `subscription status` and `notifications`.
package struct StoreStatus {
  package var clock: ClockReading
  /// The time rate in force (`realTime` unless set).
  package var timeRate: TimeRate
  /// The settings whose value is not the built-in default: name, value and where it came
  /// from, in the order `iap settings` lists them.
  package var changedSettings: [(name: String, value: String, source: SettingSource)]
  package var account: String
  package var device: String
  /// How many transactions wait in this device's queue, unfinished.
  package var unfinished: Int
  /// `Transaction.currentEntitlements`.
  package var entitlements: [Transaction]
  /// The account's subscriptions, by original transaction id.
  package var subscriptions: [Subscription]
  /// Purchases waiting for a parent's answer (Ask to Buy), on this device's queue.
  package var pendingApproval: [Transaction]
  /// Server notifications the store sent, and how many of them are not delivered yet (to
  /// the `notification-url`, if one is set).
  package var notificationsSent: Int
  package var notificationsUndelivered: Int
  /// The `notification-url` in force, if any.
  package var notificationURL: String?
}

extension Workspace {
  /// Use case: the overview. Reads only; the time is run up to now first, as every use
  /// case does, so subscriptions' states and next events are those of the store's now.
  package func status() throws(IAPError) -> StoreStatus {
    let opened = try openStore(forWriting: false)
    let settings = opened.settings
    let sources = settings.sources
    let values = settings.values
    let changed = StoreSettings.specs.compactMap { spec -> (name: String, value: String, source: SettingSource)? in
      // A value set back to its default is not a difference worth a line.
      guard let source = sources[spec.name], source != .builtIn, let value = values[spec.name],
        value != StoreSettings.builtInDefault(spec)
      else { return nil }
      return (spec.name, value, source)
    }
    let store = opened.store
    let queue = store.queue
    let sent = try IAPError.ofState(opened.session.sentNotifications().count)
    let delivered = try NotificationCourier.deliveredCount(opened.session)
    return StoreStatus(
      clock: ClockReading(clock: opened.clock, now: opened.now), timeRate: settings.timeRate, changedSettings: changed,
      account: account, device: device, unfinished: queue.count, entitlements: store.entitlements(),
      subscriptions: store.accountState.subscriptions.values.sorted { $0.originalId < $1.originalId },
      pendingApproval: queue.filter { $0.state == .deferred }, notificationsSent: sent,
      notificationsUndelivered: max(0, sent - delivered), notificationURL: settings.notificationURL)
  }
}
