import IAPFormats

package extension Store {
  /// The customer's parent or guardian withdrew consent for the app (Declared Age Range):
  /// the App Store sends RESCIND_CONSENT, which names no purchase but the customer's app
  /// transaction (`appData`, App Store Server Notifications 2.19). Nothing the account owns
  /// changes: what the app does about it is the app's to decide.
  @discardableResult
  mutating func rescindConsent(appTransaction: AppTransaction, at date: Timestamp) -> ServerNotification {
    var notification = ServerNotification(
      type: .rescindConsent, date: date, transaction: nil, bundleId: appTransaction.bundleId)
    notification.appTransaction = appTransaction
    record(.notification(notification))
    return notification
  }
}
