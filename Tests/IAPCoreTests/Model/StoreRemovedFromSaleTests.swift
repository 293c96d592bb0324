import Testing

@testable import IAPCore
@testable import IAPFormats

/// A product removed from sale at its renewal (`SubscriptionRules.removedFromSale`):
/// `expirationIntent` 4 and EXPIRED PRODUCT_NOT_FOR_SALE.
@Suite struct StoreRemovedFromSaleTests {
  let start = SubscribedStore.start

  @Test func aProductRemovedFromSaleDoesNotRenew() {
    var store = SubscribedStore.make()
    store.rules = SubscriptionRules(removedFromSale: ["pro"])
    store.advance(to: Timestamp(iso8601: "2026-03-01T10:00:00Z")!)
    let subscription = store.state.accounts["a"]?.subscriptions["g"]
    #expect(subscription?.status == .expired)
    #expect(subscription?.expirationIntent == .productNotAvailable)
    let sent = store.changes.compactMap { if case let .notification(n) = $0 { return "\(n.type.rawValue)/\(n.subtype?.rawValue ?? "")" } else { return nil } }
    #expect(sent == ["EXPIRED/PRODUCT_NOT_FOR_SALE"])
  }
}
