import Foundation
import IAPTesting
import Testing

@testable import IAPCatalog
@testable import IAPCore
@testable import IAPFormats
@testable import IAPKit

/// The win-back offers a lapsed subscription's signed renewal info lists, on the pure
/// `Store` with a fixed clock (the store's side: `StoreWinBackOfferTests`).
@Suite struct WinBackRenewalInfoTests {
  static let offers = """
    <key>winBackOffers</key><array>\
    <dict><key>id</key><string>back.free</string><key>paymentMode</key><string>free</string><key>period</key><string>P1M</string>\
    <key>eligibilityPaidMonths</key><integer>2</integer>\
    <key>eligibilityMonthsSinceLastSubscribed</key><dict><key>minimum</key><integer>1</integer><key>maximum</key><integer>6</integer></dict>\
    <key>waitBetweenOffersMonths</key><integer>12</integer></dict>\
    <dict><key>id</key><string>back.cheap</string><key>paymentMode</key><string>payUpFront</string><key>period</key><string>P3M</string>\
    <key>price</key><string>5.99</string></dict>\
    </array>
    """
  static let catalogText = TestHarness.plist(products: [
    TestHarness.product(
      "gold", "autoRenewable", price: "<string>4.99</string>",
      extra: "<key>subscriptionGroup</key><string>club</string><key>subscriptionPeriod</key><string>P1M</string><key>groupLevel</key><integer>1</integer>"
        + offers)
  ])
  let catalog = try! CatalogLoader.parse(Data(Self.catalogText.utf8), displayPath: "c").catalog
  let t0 = Timestamp(iso8601: "2026-01-15T10:00:00Z")!
  var store = Store(state: StoreState(), account: "a", device: "d")

  func at(_ text: String) -> Timestamp { Timestamp(iso8601: text)! }
  var subscription: Subscription? { store.accountState.subscriptions["club"] }

  mutating func buy(_ redemption: OfferRedemption? = nil, at now: Timestamp) -> Transaction {
    store.buy(productId: "gold", product: catalog.product("gold"), quantity: 1, applicationUsername: nil, finish: true, redemption: redemption, now: now).outcome
  }

  /// Two paid months, then cancelled: lapsed on 2026-03-15.
  mutating func lapse() throws {
    _ = buy(at: t0)
    store.advance(to: at("2026-02-20T00:00:00Z"))
    _ = try store.setAutoRenew(false, for: "gold", now: at("2026-02-20T00:00:00Z"))
    store.advance(to: at("2026-03-15T10:00:00Z"))
  }

  @Test mutating func renewalInfoListsTheEligibleOffers() throws {
    try lapse()
    let now = at("2026-05-01T00:00:00Z")
    let table = WinBackCatalog(offers: ["gold": catalog.product("gold")!.winBackOffers], rules: store.rules)
    let info = SignedPayloads.renewalInfo(
      try #require(subscription), environment: .sandbox, signedDate: now, eligibleWinBackOfferIds: table.eligibleIds(subscription!, at: now))
    #expect(info["eligibleWinBackOfferIds"] == .array([.string("back.free"), .string("back.cheap")]))
    // A subscriber has none, and the key is left out.
    let none = SignedPayloads.renewalInfo(try #require(subscription), environment: .sandbox, signedDate: now)
    #expect(none["eligibleWinBackOfferIds"] == nil)
  }
}
