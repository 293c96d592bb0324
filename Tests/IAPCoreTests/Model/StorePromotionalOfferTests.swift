import Foundation
import IAPCrypto
import Testing

@testable import IAPCore
@testable import IAPFormats

/// Promotional offers on the pure `Store`, with a fixed clock: what a redemption records
/// (the nonce, the notification) and when the offer applies (how it shows in the receipt and
/// the renewal info: `PromotionalOfferRenewalInfoTests`; in the state files:
/// `PromotionalOfferRecordTests`).
@Suite struct StorePromotionalOfferTests {
  let catalog = Catalog(products: [
    CatalogFixtures.subscription(
      "plus", price: "19.99", period: .oneMonth, level: 1,
      promotionalOffers: [PromotionalOffer(id: "plus.free", terms: CatalogFixtures.terms(.free, "P1W"))]),
    CatalogFixtures.subscription(
      "basic", price: "4.99", period: .oneMonth, level: 2,
      promotionalOffers: [PromotionalOffer(id: "basic.cheap", terms: CatalogFixtures.terms(.payAsYouGo, "P1M", 3, price: "0.99"))]),
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

  mutating func buy(_ id: String, offer: OfferPayment? = nil) -> Transaction {
    store.buy(productId: id, product: catalog.product(id), quantity: 1, applicationUsername: nil, finish: true, offer: offer, now: t0).outcome
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
}
