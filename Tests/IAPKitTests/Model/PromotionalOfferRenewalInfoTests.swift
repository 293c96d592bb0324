import Foundation
import IAPCrypto
import IAPTesting
import Testing

@testable import IAPCatalog
@testable import IAPCore
@testable import IAPFormats
@testable import IAPKit

/// A promotional offer as the receipt and the signed renewal info show it, on the pure
/// `Store` with a fixed clock (the store's side: `StorePromotionalOfferTests`).
@Suite struct PromotionalOfferRenewalInfoTests {
  static let catalogText = TestHarness.plist(products: [
    TestHarness.product(
      "plus", "autoRenewable", price: "<string>19.99</string>",
      extra: RenewalInfoTests.group(level: 1, "P1M")
        + "<key>promotionalOffers</key><array><dict><key>id</key><string>plus.free</string><key>paymentMode</key><string>free</string><key>period</key><string>P1W</string></dict></array>"),
    TestHarness.product(
      "basic", "autoRenewable", price: "<string>4.99</string>",
      extra: RenewalInfoTests.group(level: 2, "P1M")
        + "<key>promotionalOffers</key><array><dict><key>id</key><string>basic.cheap</string><key>paymentMode</key><string>payAsYouGo</string><key>period</key><string>P1M</string><key>numberOfPeriods</key><integer>3</integer><key>price</key><string>0.99</string></dict></array>"),
  ])
  let catalog = try! CatalogLoader.parse(Data(Self.catalogText.utf8), displayPath: "c").catalog
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
}
