import Foundation
import Testing

@testable import IAPCore
@testable import IAPFormats

/// Every store event sends the notification Apple names for it.
@Suite struct ServerNotificationTests {
  let catalog = Catalog(products: [
    CatalogFixtures.product("gems", .consumable, price: "1"),
    CatalogFixtures.subscription("gold", price: "9", period: .oneMonth, level: 1),
    CatalogFixtures.subscription("silver", price: "5", period: .oneMonth, level: 2),
  ])
  let t0 = Timestamp(iso8601: "2026-01-15T10:00:00Z")!
  var store = Store(state: StoreState(), account: "a", device: "d")

  var sent: [String] {
    store.changes.compactMap { record in
      guard case let .notification(n) = record else { return nil }
      return [n.type.rawValue, n.subtype?.rawValue].compactMap { $0 }.joined(separator: ".")
    }
  }

  mutating func buy(_ id: String, at time: Timestamp? = nil) {
    _ = store.buy(productId: id, product: catalog.product(id), quantity: 1, applicationUsername: nil, finish: true, now: time ?? t0)
  }

  func at(_ text: String) -> Timestamp { Timestamp(iso8601: text)! }

  @Test mutating func purchasesAndSubscriptionChanges() throws {
    buy("gems")
    buy("silver")
    buy("gold", at: at("2026-01-20T00:00:00Z"))
    buy("silver", at: at("2026-01-21T00:00:00Z"))
    _ = try store.setAutoRenew(false, for: "gold", now: at("2026-01-22T00:00:00Z"))
    _ = try store.setAutoRenew(true, for: "gold", now: at("2026-01-23T00:00:00Z"))
    #expect(sent == [
      "ONE_TIME_CHARGE", "SUBSCRIBED.INITIAL_BUY", "DID_CHANGE_RENEWAL_PREF.UPGRADE", "DID_CHANGE_RENEWAL_PREF.DOWNGRADE",
      "DID_CHANGE_RENEWAL_STATUS.AUTO_RENEW_DISABLED", "DID_CHANGE_RENEWAL_STATUS.AUTO_RENEW_ENABLED",
    ])
  }

  @Test mutating func renewalsBillingAndExpiry() throws {
    store.rules = SubscriptionRules(billingRetry: true, gracePeriod: true)
    buy("gold")
    store.advance(to: at("2026-03-10T00:00:00Z"))
    _ = try store.resolveBilling("club", now: at("2026-03-10T00:00:00Z"))
    store.rules = SubscriptionRules()
    _ = try store.expire("gold", now: at("2026-03-11T00:00:00Z"))
    #expect(sent == [
      "SUBSCRIBED.INITIAL_BUY", "DID_FAIL_TO_RENEW.GRACE_PERIOD", "GRACE_PERIOD_EXPIRED", "DID_RENEW.BILLING_RECOVERY",
      "EXPIRED.VOLUNTARY",
    ])
  }

  @Test mutating func billingRetryRunsOutAndRefunds() throws {
    store.rules = SubscriptionRules(billingRetry: true)
    buy("gold")
    store.advance(to: at("2026-06-01T00:00:00Z"))
    let first = store.accountState.subscriptions["club"]!.latest
    _ = try store.refund(first, reason: .other, now: at("2026-06-02T00:00:00Z"))
    #expect(sent == ["SUBSCRIBED.INITIAL_BUY", "DID_FAIL_TO_RENEW", "EXPIRED.BILLING_RETRY", "REFUND"])
    guard case let .notification(refund)? = store.changes.last else { return }
    #expect(refund.status == 5, "a refunded subscription is revoked")
  }
}
