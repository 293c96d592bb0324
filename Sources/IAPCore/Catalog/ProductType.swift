/// The four kinds of in-app purchase App Store Connect knows.
package enum ProductType: String, CaseIterable, Sendable {
  case consumable
  case nonConsumable
  case autoRenewable
  case nonRenewing

  /// Whether `restoreCompletedTransactions` gives this kind back. Consumables never come
  /// back, and neither do non-renewing subscriptions: the app has to track those itself.
  package var isRestorable: Bool { self == .nonConsumable || self == .autoRenewable }

  /// Whether buying it once means owning it (so it shows up in entitlements).
  package var isDurable: Bool { self != .consumable }
}
