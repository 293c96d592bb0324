import Foundation
import Testing

@testable import IAPCore
@testable import IAPFormats

/// Offer codes on the pure `Store`, with a fixed clock.
///
/// Apple's rules, as its documentation states them:
/// - `Transaction.OfferType.code` (StoreKit): raw value 3; "Offer codes are available for any
///   Apple In-App Purchase product type" (`OFFER_CODE` in the App Store Server Library).
/// - `offerDiscountType` (App Store Server API): `ONE_TIME` is the payment mode of an offer
///   on a one-time purchase, beside `FREE_TRIAL`, `PAY_AS_YOU_GO` and `PAY_UP_FRONT`.
/// - App Store Connect's "Set up offer codes": a subscription's code names its customers:
///   new (never subscribed in the group), existing (subscribed now) or expired (lapsed).
@Suite struct StoreOfferCodeTests {
  let catalog = Catalog(products: [
    CatalogFixtures.subscription(
      "gold", price: "4.99", period: .oneMonth,
      offerCodes: [
        OfferCode(id: "NEWBIES", terms: CatalogFixtures.terms(.payAsYouGo, "P1M", 2, price: "1.99"), eligibility: [.new]),
        OfferCode(id: "LOYAL", terms: CatalogFixtures.terms(.free, "P1W"), eligibility: [.existing, .expired]),
      ]),
    CatalogFixtures.product("gems", .consumable, price: "0.99", offerCodes: [OfferCode(id: "HALF", price: Decimal(string: "0.49")!)]),
  ])
  let t0 = Timestamp(iso8601: "2026-01-15T10:00:00Z")!
  var store = Store(state: StoreState(), account: "a", device: "d")

  var lastNotification: ServerNotification? {
    store.changes.reversed().lazy.compactMap { if case let .notification(n) = $0 { return n } else { return nil } }.first
  }

  mutating func buy(_ id: String, code: String? = nil, at now: Timestamp? = nil) -> Transaction {
    store.buy(
      productId: id, product: catalog.product(id), quantity: 1, applicationUsername: nil, finish: true,
      redemption: code.map(OfferRedemption.offerCode), now: now ?? t0
    ).outcome
  }

  @Test mutating func aNewCustomersCodeStartsTheSubscription() {
    let t = buy("gold", code: "NEWBIES")
    #expect(t.state == .purchased)
    #expect(t.offerType == .offerCode)
    #expect(t.offerIdentifier == "NEWBIES")
    #expect(t.offerDiscountType == .payAsYouGo)
    #expect(t.price == "1.99")
    #expect(t.offerPeriod == "P2M")
    #expect(lastNotification?.type == .subscribed)
    #expect(lastNotification?.subtype == .initialBuy)
    // The second period renews at the code's price, still an offer code's.
    store.advance(to: Timestamp(iso8601: "2026-02-15T10:00:00Z")!)
    let renewal = store.accountState.subscriptions["club"]!.latest
    #expect(renewal.isRenewal && renewal.offerType == .offerCode && renewal.price == "1.99")
  }

  @Test mutating func eachCodeIsForTheCustomersItNames() {
    #expect(buy("gold", code: "LOYAL").error?.code == .ineligibleForOffer)
    _ = buy("gold")
    // Subscribed now: the existing customers' code (OFFER_REDEEMED), which for the product
    // subscribed waits for the renewal, as a promotional offer does.
    #expect(buy("gold", code: "NEWBIES").error?.code == .ineligibleForOffer)
    let loyal = buy("gold", code: "LOYAL")
    #expect(loyal.state == .restored)
    #expect(lastNotification?.type == .offerRedeemed)
    #expect(store.accountState.subscriptions["club"]?.scheduledOffer?.offerType == .offerCode)
    store.advance(to: Timestamp(iso8601: "2026-02-15T10:00:00Z")!)
    let renewal = store.accountState.subscriptions["club"]!.latest
    #expect(renewal.isRenewal && renewal.offerType == .offerCode && renewal.offerIdentifier == "LOYAL")
  }

  @Test mutating func aOneTimeCodePricesTheConsumable() {
    let t = buy("gems", code: "HALF")
    #expect(t.state == .purchased)
    #expect(t.price == "0.49")
    #expect(t.offerType == .offerCode)
    #expect(t.offerDiscountType == .oneTime)
    #expect(t.offerPeriod == nil)
    let payload = SignedPayloads.transaction(t, environment: .sandbox, signedDate: t0)
    #expect(payload["offerType"] == .int(3))
    #expect(payload["offerDiscountType"] == .string("ONE_TIME"))
    #expect(payload["price"] == .int(490))
    #expect(lastNotification?.type == .oneTimeCharge)
  }

  /// The receipt names a code by its reference name (`offer_code_ref_name`, App Store
  /// Receipts), never as a promotional offer.
  @Test mutating func theReceiptNamesTheCodeByItsReferenceName() throws {
    let t = buy("gold", code: "NEWBIES")
    let receipt = AppReceipt(bundleId: "b", history: [t], account: store.accountState, now: t0)
    let item = try #require(receipt.receipt["in_app"]?.arrayValue?.first)
    #expect(item["offer_code_ref_name"] == .string("NEWBIES"))
    #expect(item["promotional_offer_id"] == nil)
  }

  @Test mutating func anUnknownCodeIsInvalidOfferIdentifier() {
    let t = buy("gems", code: "NOPE")
    #expect(t.state == .failed)
    #expect(t.error?.code == .invalidOfferIdentifier)
    #expect(t.error?.message.contains("it has HALF") == true)
  }
}
