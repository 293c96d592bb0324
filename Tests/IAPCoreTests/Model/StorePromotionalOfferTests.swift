import Foundation
import IAPCrypto
import Testing

@testable import IAPCore
@testable import IAPFormats

/// Promotional offers on the pure `Store`, with a fixed clock: what a redemption records
/// (the nonce, the notification), and how the offer shows in the receipt, the renewal info
/// and the signed transaction (in the state files: `PromotionalOfferRecordTests`).
@Suite struct StorePromotionalOfferTests {
  let catalog = Catalog(products: [
    CatalogFixtures.subscription(
      "plus", price: "19.99", period: .oneMonth, level: 1,
      promotionalOffers: [PromotionalOffer(id: "plus.free", terms: CatalogFixtures.terms(.free, "P1W"))]),
    CatalogFixtures.subscription(
      "basic", price: "4.99", period: .oneMonth, level: 2,
      promotionalOffers: [
        PromotionalOffer(id: "basic.cheap", terms: CatalogFixtures.terms(.payAsYouGo, "P1M", 3, price: "0.99")),
        PromotionalOffer(id: "basic.half", terms: CatalogFixtures.terms(.payUpFront, "P1M", price: "2.49")),
      ]),
  ])
  let t0 = Timestamp(iso8601: "2026-01-15T10:00:00Z")!
  let key = OfferSigning.key("store tests")
  var store: Store = {
    var store = Store(state: StoreState(), account: "a", device: "d")
    store.app = AppContext(bundleId: OfferSigning.bundleId)
    return store
  }()

  func payment(_ product: String, _ offer: String, nonce: String) -> OfferPayment {
    let signature = OfferSigning.v1(key, keyId: "K", productId: product, offerId: offer, username: nil, nonce: nonce, timestamp: t0.milliseconds)
    return OfferPayment(
      request: PromotionalOfferRequest(offerId: offer, keyId: "K", nonce: nonce, timestamp: String(t0.milliseconds), signature: signature),
      context: OfferVerificationContext(keys: ["K": key.publicKey], realNow: t0))
  }

  mutating func buy(_ id: String, offer: OfferPayment? = nil, at now: Timestamp? = nil) -> Transaction {
    store.buy(productId: id, product: catalog.product(id), quantity: 1, applicationUsername: nil, finish: true, offer: offer, now: now ?? t0).outcome
  }

  var lastNotification: ServerNotification? {
    store.changes.reversed().lazy.compactMap { if case let .notification(n) = $0 { return n } else { return nil } }.first
  }

  @Test mutating func aRedemptionUsesItsNonceInTheSameChanges() {
    _ = buy("plus")
    let nonce = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
    let redeemed = buy("plus", offer: payment("plus", "plus.free", nonce: nonce))
    // The product subscribed: the offer waits for the renewal (nothing is charged now).
    #expect(redeemed.state == .restored)
    #expect(store.accountState.subscriptions["club"]?.scheduledOffer?.id == "plus.free")
    #expect(store.changes.contains(.offerNonce(nonce)))
    #expect(store.state.usedOfferNonces == [nonce])
    #expect(lastNotification?.type == .offerRedeemed)
    #expect(lastNotification?.subtype == nil)
    // The same nonce again fails, and records nothing more.
    let before = store.changes.filter { if case .offerNonce = $0 { return true } else { return false } }.count
    let again = buy("plus", offer: payment("plus", "plus.free", nonce: nonce))
    #expect(again.error?.code == .invalidSignature)
    #expect(store.changes.filter { if case .offerNonce = $0 { return true } else { return false } }.count == before)
  }

  /// Apple applies a downgrade's offer at the next renewal date (OFFER_REDEEMED DOWNGRADE;
  /// notificationType page; developer forums thread 756304): the paid period runs on.
  @Test mutating func aDowngradeRedemptionWaitsForTheRenewal() throws {
    _ = buy("plus")
    let redeemed = buy("basic", offer: payment("basic", "basic.cheap", nonce: "00000000-0000-4000-8000-000000000001"))
    #expect(redeemed.state == .restored)
    #expect(lastNotification?.type == .offerRedeemed)
    #expect(lastNotification?.subtype == .downgrade)
    let subscription = try #require(store.accountState.subscriptions["club"])
    #expect(subscription.latest.productId == "plus", "the current period is not cut short")
    #expect(subscription.autoRenewProductId == "basic")
    #expect(subscription.scheduledOffer?.id == "basic.cheap")
  }

  @Test mutating func theReceiptAndRenewalInfoNameTheOffer() throws {
    // An upgrade's offer applies at once: the purchase carries it.
    _ = buy("basic")
    let redeemed = buy("plus", offer: payment("plus", "plus.free", nonce: "00000000-0000-4000-8000-000000000002"))
    #expect(redeemed.offerIdentifier == "plus.free")
    #expect(redeemed.offerType == .promotional)
    let receipt = AppReceipt(bundleId: OfferSigning.bundleId, history: [redeemed], account: store.accountState, now: t0)
    let item = try #require(receipt.receipt["in_app"]?.arrayValue?.first)
    #expect(item["promotional_offer_id"] == .string("plus.free"))
    #expect(item["is_in_intro_offer_period"] == .string("false"))
    // One waiting for the renewal is named by the renewal info, with its price.
    _ = buy("basic", offer: payment("basic", "basic.cheap", nonce: "00000000-0000-4000-8000-000000000004"))
    let subscription = try #require(store.accountState.subscriptions["club"])
    let info = SignedPayloads.renewalInfo(subscription, environment: .localTesting, signedDate: t0)
    #expect(info["offerType"] == .int(2))
    #expect(info["offerIdentifier"] == .string("basic.cheap"))
    #expect(info["offerDiscountType"] == .string("PAY_AS_YOU_GO"))
    #expect(info["offerPeriod"] == .string("P3M"))
    #expect(info["renewalPrice"] == .int(990))
  }

  /// Apple's renewalPrice (JWSRenewalInfoDecodedPayload.py, renewalPrice page) is the price
  /// of the next billing period: after OFFER_REDEEMED of a one-period free offer, the
  /// regular price, not the offer's 0.
  @Test mutating func afterAnOneOffOfferRenewalPriceIsTheRegularPrice() throws {
    _ = buy("basic")
    _ = buy("plus", offer: payment("plus", "plus.free", nonce: "00000000-0000-4000-8000-000000000003"))
    #expect(lastNotification?.type == .offerRedeemed)
    let subscription = try #require(store.accountState.subscriptions["club"])
    #expect(subscription.latest.price == "0")
    let info = SignedPayloads.renewalInfo(subscription, environment: .localTesting, signedDate: t0)
    #expect(info["renewalPrice"] == .int(19_990))
  }

  /// An offer redeemed for the next renewal replaces a pay-as-you-go offer still running
  /// (the renewal applies it), so renewal info's `renewalPrice` is that offer's, as its
  /// `offerIdentifier` already says.
  @Test mutating func aScheduledOfferPricesTheRenewalWhileAPayAsYouGoOfferRuns() throws {
    _ = buy("basic")
    _ = buy("basic", offer: payment("basic", "basic.cheap", nonce: "00000000-0000-4000-8000-000000000005"))
    let later = Timestamp(iso8601: "2026-02-20T00:00:00Z")!
    store.advance(to: later)
    var subscription = try #require(store.accountState.subscriptions["club"])
    #expect(subscription.latest.price == "0.99")
    #expect(subscription.introRenewalsLeft == 2)
    var info = SignedPayloads.renewalInfo(subscription, environment: .localTesting, signedDate: later)
    #expect(info["renewalPrice"] == .int(990), "the pay-as-you-go offer's next period")
    _ = buy("basic", offer: payment("basic", "basic.half", nonce: "00000000-0000-4000-8000-000000000006"), at: later)
    subscription = try #require(store.accountState.subscriptions["club"])
    #expect(subscription.scheduledOffer?.id == "basic.half")
    info = SignedPayloads.renewalInfo(subscription, environment: .localTesting, signedDate: later)
    #expect(info["offerIdentifier"] == .string("basic.half"))
    #expect(info["renewalPrice"] == .int(2_490))
  }

  @Test func aPromotionalOfferIsNamedAndAnIntroductoryOneIsNot() {
    var t = Transaction(
      id: 3, originalId: 1, productId: "basic", productType: .autoRenewable, state: .purchased, quantity: 1, purchaseDate: t0,
      originalPurchaseDate: t0, account: "a", device: "d", offerDiscountType: .freeTrial, offerPeriod: "P1W")
    t.offerIdentifier = "basic.free"
    let payload = SignedPayloads.transaction(t, environment: .localTesting, signedDate: t0)
    #expect(payload["offerType"] == .int(2))
    #expect(payload["offerIdentifier"] == .string("basic.free"))
    t.offerIdentifier = nil
    #expect(SignedPayloads.transaction(t, environment: .localTesting, signedDate: t0)["offerType"] == .int(1))
  }
}
