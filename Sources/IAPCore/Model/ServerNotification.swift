import IAPFormats

/// An App Store Server Notification V2 the store sent about a change: what happened
/// (`notificationType`/`subtype`, as Apple names them), when, and the transaction and
/// subscription as they stood then.
///
/// Four kinds carry no transaction: TEST, which only proves the URL works, the
/// RENEWAL_EXTENSION SUMMARY of a mass extension, which carries its `summary` instead,
/// RESCIND_CONSENT, which carries the customer's app transaction (`appData`), and
/// EXTERNAL_PURCHASE_TOKEN, which carries the token (`externalPurchaseToken`).
package struct ServerNotification: Equatable, Sendable {
  package var type: NotificationType
  package var subtype: NotificationSubtype?
  package var date: Timestamp
  package var transaction: Transaction?
  package var subscription: Subscription?
  /// The outcome of a mass renewal-date extension (RENEWAL_EXTENSION, SUMMARY).
  package var summary: MassExtension?
  /// The app's bundle id, for a notification without a transaction to take it from.
  package var bundleId: String?
  /// For CONSUMPTION_REQUEST: the reason the customer gave for the refund request.
  package var consumptionRequestReason: ConsumptionRequestReason?
  /// For RESCIND_CONSENT: the app transaction of the customer whose consent was withdrawn,
  /// signed into `appData.signedAppTransactionInfo`.
  package var appTransaction: AppTransaction?
  /// For EXTERNAL_PURCHASE_TOKEN: the token, carried as `externalPurchaseToken` in place of
  /// `data`.
  package var externalPurchaseToken: ExternalPurchaseToken?

  package init(
    type: NotificationType, subtype: NotificationSubtype? = nil, date: Timestamp, transaction: Transaction?, subscription: Subscription? = nil,
    summary: MassExtension? = nil, bundleId: String? = nil
  ) {
    self.type = type
    self.subtype = subtype
    self.date = date
    self.transaction = transaction
    self.subscription = subscription
    self.summary = summary
    self.bundleId = bundleId
  }

  /// The app it is about.
  package var appBundleId: String? { transaction?.bundleId ?? bundleId }

  /// `data.status`: 1 active, 2 expired, 3 billing retry, 4 grace period, 5 revoked.
  package var status: Int? { Self.status(of: subscription) }

  /// `status` as Apple numbers it for `subscription` (nil for none).
  package static func status(of subscription: Subscription?) -> Int? {
    switch subscription?.status {
    case .subscribed?: return 1
    case .expired?: return 2
    case .inBillingRetryPeriod?: return 3
    case .inGracePeriod?: return 4
    case .revoked?: return 5
    case nil: return nil
    }
  }
}

package extension Store {
  /// Sends a notification about `transaction` (and its subscription, if any).
  mutating func notify(
    _ type: NotificationType, _ subtype: NotificationSubtype?, _ transaction: Transaction, at date: Timestamp,
    consumptionRequestReason: ConsumptionRequestReason? = nil
  ) {
    let subscription = transaction.subscriptionGroup.flatMap { state.accounts[transaction.account]?.subscriptions[$0] }
    var notification = ServerNotification(type: type, subtype: subtype, date: date, transaction: transaction, subscription: subscription)
    notification.consumptionRequestReason = consumptionRequestReason
    record(.notification(notification))
  }

  /// Sends a notification about a subscription's newest transaction.
  mutating func notify(_ type: NotificationType, _ subtype: NotificationSubtype?, _ subscription: Subscription, at date: Timestamp) {
    notify(type, subtype, subscription.latest, at: date)
  }
}
