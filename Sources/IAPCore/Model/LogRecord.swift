/// One entry of the store's append-only log: a transaction version, or a store-wide event
/// that is cheaper to record once than as a version of every transaction it touches.
package enum LogRecord: Equatable, Sendable {
  /// A new version of a transaction (the latest version of an id is the truth).
  case transaction(Transaction)
  /// `clearTransactions` for one account: its history, queues and purchases are gone.
  case clearAccount(String)
  /// The app was deleted from a device and installed again: its payment queue starts empty.
  case reinstall(device: String)
  /// The new status of an account's subscription in a group.
  case subscription(Subscription)
  /// An account's subscription in a group is gone (its original purchase was deleted).
  case removeSubscription(account: String, group: String)
  /// The account's app receipt was updated (a purchase, a restore, a refresh): finished
  /// consumables leave it.
  case receiptUpdate(String)
  /// A promotional offer's nonce (lowercased) was used: it cannot be used again.
  case offerNonce(String)
  /// A mass renewal-date extension was made (its subscribers' changes are records of their own).
  case massExtension(MassExtension)
  /// `member` joined (`joined`) or left the family whose purchases `organizer` shares.
  case family(organizer: String, member: String, joined: Bool)
  /// StoreKit messages the account saw and closed (`Message` ids), not shown again.
  case dismissMessages(account: String, ids: [String])
  /// The App Store sent the account a message of its own (`Message.Reason.generic`, its id).
  case appStoreMessage(account: String, id: String)
  /// An external purchase token the system gave the app (`pending`), or one whose
  /// EXTERNAL_PURCHASE_TOKEN UNREPORTED was sent (not `pending`: nothing is left to send).
  case externalPurchaseToken(ExternalPurchaseToken, pending: Bool)
  /// An App Store Server Notification was sent (kept in its own log).
  case notification(ServerNotification)
}
