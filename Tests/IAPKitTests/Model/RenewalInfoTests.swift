import Foundation
import IAPTesting
import Testing

@testable import IAPCatalog
@testable import IAPCore
@testable import IAPFormats
@testable import IAPKit

/// A subscription's renewal info as the store leaves it, checked against Apple's
/// documentation, each test naming its source (the store's side: `SubscriptionFidelityTests`).
@Suite struct RenewalInfoTests {
  static let catalogText = TestHarness.plist(products: [
    TestHarness.product("monthly", "autoRenewable", price: "<string>4.99</string>", extra: group(level: 2, "P1M")),
    TestHarness.product("weekly", "autoRenewable", price: "<string>1.99</string>", extra: group(level: 3, "P1W")),
    TestHarness.product("yearly", "autoRenewable", price: "<string>49</string>", extra: group(level: 1, "P1Y")),
  ])

  static func group(level: Int, _ period: String) -> String {
    "<key>subscriptionGroup</key><string>club</string><key>subscriptionPeriod</key><string>\(period)</string><key>groupLevel</key><integer>\(level)</integer>"
  }

  let catalog = try! CatalogLoader.parse(Data(Self.catalogText.utf8), displayPath: "c").catalog
  var store = Store(state: StoreState(), account: "default", device: "phone")

  func at(_ text: String) -> Timestamp { Timestamp(iso8601: text)! }

  mutating func buy(_ id: String, at time: String) -> Transaction {
    store.buy(
      productId: id, product: catalog.product(id), quantity: 1, applicationUsername: nil, finish: true, now: at(time)
    ).outcome
  }

  var subscription: Subscription { store.accountState.subscriptions["club"]! }

  /// Apple (`JWSRenewalInfoDecodedPayload.expirationIntent`, `isInBillingRetryPeriod`): while
  /// the App Store retries a failed renewal, renewal info reports the billing error (2).
  @Test mutating func billingRetryReportsExpirationIntentTwo() {
    store.rules = SubscriptionRules(billingRetry: true, gracePeriod: true)
    _ = buy("monthly", at: "2026-01-15T10:00:00Z")
    store.advance(to: at("2026-02-16T00:00:00Z"))
    #expect(subscription.status == .inGracePeriod)
    var info = SignedPayloads.renewalInfo(subscription, environment: .xcode, signedDate: at("2026-02-16T00:00:00Z"))
    #expect(info["isInBillingRetryPeriod"] == .bool(true))
    #expect(info["expirationIntent"] == .int(2))
    store.advance(to: at("2026-03-10T00:00:00Z"))
    #expect(subscription.status == .inBillingRetryPeriod)
    info = SignedPayloads.renewalInfo(subscription, environment: .xcode, signedDate: at("2026-03-10T00:00:00Z"))
    #expect(info["expirationIntent"] == .int(2))
    let pending = AppReceipt(bundleId: "b", history: [], account: store.accountState, now: at("2026-03-10T00:00:00Z"))
      .pendingRenewalInfo
    #expect(pending.arrayValue?.first?["expiration_intent"] == .string("2"))
    #expect(pending.arrayValue?.first?["is_in_billing_retry_period"] == .string("1"))
  }

  @Test mutating func aHealthySubscriptionHasNoExpirationIntent() {
    _ = buy("monthly", at: "2026-01-15T10:00:00Z")
    let info = SignedPayloads.renewalInfo(subscription, environment: .xcode, signedDate: at("2026-01-16T00:00:00Z"))
    #expect(info["expirationIntent"] == nil)
    #expect(info["isInBillingRetryPeriod"] == .bool(false))
  }

  /// Apple (`JWSRenewalInfoDecodedPayload.renewalDate`): present for an expired subscription
  /// too, as the end of its latest period.
  @Test mutating func anExpiredSubscriptionKeepsItsRenewalDate() throws {
    _ = buy("monthly", at: "2026-01-15T10:00:00Z")
    _ = try store.setAutoRenew(false, for: "monthly", now: at("2026-01-16T00:00:00Z"))
    store.advance(to: at("2026-03-01T00:00:00Z"))
    #expect(subscription.status == .expired)
    let info = SignedPayloads.renewalInfo(subscription, environment: .xcode, signedDate: at("2026-03-01T00:00:00Z"))
    #expect(info["renewalDate"] == .int(at("2026-02-15T10:00:00Z").milliseconds))
    #expect(info["expirationIntent"] == .int(1))
  }
}
