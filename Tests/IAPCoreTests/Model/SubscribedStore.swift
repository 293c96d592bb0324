import Testing

@testable import IAPCore
@testable import IAPFormats

/// A pure store with one monthly subscription, for the store-side tests (fixed clock).
struct SubscribedStore {
  static let start = Timestamp(iso8601: "2026-01-15T10:00:00Z")!

  /// A store whose account "a" has a monthly subscription changed by `change`.
  static func make(_ change: (inout Subscription) -> Void = { _ in }) -> Store {
    let end = Self.start.adding(SubscriptionPeriod.oneMonth.calendarPeriod)
    var latest = Transaction(
      id: 1, originalId: 1, productId: "pro", productType: .autoRenewable, state: .purchased, quantity: 1, purchaseDate: Self.start,
      originalPurchaseDate: Self.start, expirationDate: end, account: "a", device: "d", subscriptionGroup: "g")
    latest.finished = true
    var subscription = Subscription(account: "a", group: "g", originalId: 1, originalPurchaseDate: Self.start, latest: latest, period: .oneMonth)
    change(&subscription)
    var state = StoreState()
    state.apply(.transaction(subscription.latest))
    state.apply(.subscription(subscription))
    return Store(state: state, account: "a", device: "d")
  }
}
