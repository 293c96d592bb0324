import Foundation
import IAPCrypto
import Testing

@testable import IAPCore
@testable import IAPFormats

/// `Product.PurchaseOption.introductoryOfferEligibility(compactJWS:)`: the JWS Apple's
/// `IntroductoryOfferEligibilitySignatureCreator` (App Store Server Library 3.1.2) makes, with
/// `aud` `introductory-offer-eligibility`, `productId`, `allowIntroductoryOffer` and
/// `transactionId`, checked against a registered key; its answer overrides the store's
/// eligibility both ways (StoreKit: "Set the eligibility of an introductory offer for a
/// purchase").
@Suite struct IntroductoryOfferEligibilityVerifierTests {
  let catalog = Catalog(products: [
    CatalogFixtures.subscription("gold", price: "4.99", period: .oneMonth, introductoryOffer: CatalogFixtures.terms(.free, "P1W"))
  ])
  let t0 = Timestamp(iso8601: "2026-01-15T10:00:00Z")!
  let key = OfferSigning.key("eligibility tests")
  var store: Store = {
    var store = Store(state: StoreState(), account: "a", device: "d")
    store.app = AppContext(bundleId: OfferSigning.bundleId)
    return store
  }()

  /// A JWS as Apple's library makes it: `OfferSigning.v2`'s shape with this feature's claims.
  func jws(
    allow: Bool, product: String = "gold", transaction: String? = "app-tx", audience: String = "introductory-offer-eligibility", key: String = "K",
    iat: Int64? = nil
  ) -> String {
    var claims: [(String, JSONValue)] = [("productId", .string(product)), ("allowIntroductoryOffer", .bool(allow))]
    if let transaction { claims.append(("transactionId", .string(transaction))) }
    claims += [("bid", .string(OfferSigning.bundleId)), ("iss", .string("issuer")), ("aud", .string(audience)),
               ("iat", .int(iat ?? t0.milliseconds / 1000)), ("nonce", .string(UUID().uuidString.lowercased()))]
    let header = JSONValue.object([("alg", .string("ES256")), ("kid", .string(key)), ("typ", .string("JWT"))])
    let input = Base64URL.encode(JSONWriter.compact(header)) + "." + Base64URL.encode(JSONWriter.compact(.object(claims)))
    return input + "." + Base64URL.encode(self.key.signature(for: Array(input.utf8)).rawRepresentation)
  }

  mutating func buy(_ token: String, at now: Timestamp? = nil) -> Transaction {
    let context = OfferVerificationContext(keys: ["K": key.publicKey], realNow: t0, customerTransactionIds: ["app-tx"])
    return store.buy(
      productId: "gold", product: catalog.product("gold"), quantity: 1, applicationUsername: nil, finish: true,
      introductoryEligibility: IntroductoryEligibilityPayment(jws: token, context: context), now: now ?? t0
    ).outcome
  }

  @Test mutating func aSignedNoWithholdsTheOfferFromANewCustomer() {
    let t = buy(jws(allow: false))
    #expect(t.state == .purchased)
    #expect(t.offerDiscountType == nil)
    #expect(t.price == "4.99")
  }

  @Test mutating func aSignedYesGivesTheOfferToALapsedCustomer() throws {
    _ = store.buy(productId: "gold", product: catalog.product("gold"), quantity: 1, applicationUsername: nil, finish: true, now: t0)
    _ = try store.setAutoRenew(false, for: "gold", now: t0)
    let later = Timestamp(iso8601: "2026-03-01T00:00:00Z")!
    store.advance(to: later)
    #expect(!store.isEligibleForIntroductoryOffer(catalog.product("gold")!))
    let context = OfferVerificationContext(keys: ["K": key.publicKey], realNow: t0, customerTransactionIds: ["app-tx"])
    let t = store.buy(
      productId: "gold", product: catalog.product("gold"), quantity: 1, applicationUsername: nil, finish: true,
      introductoryEligibility: IntroductoryEligibilityPayment(jws: jws(allow: true), context: context), now: later
    ).outcome
    #expect(t.state == .purchased)
    #expect(t.offerDiscountType == .freeTrial)
    #expect(t.offerType == .introductory)
  }

  @Test mutating func aBadJWSIsInvalidSignature() {
    #expect(buy(jws(allow: true, key: "OTHER")).error?.code == .invalidSignature)
    #expect(buy(jws(allow: true, audience: "promotional-offer")).error?.code == .invalidSignature)
    #expect(buy(jws(allow: true, product: "silver")).error?.code == .invalidSignature)
    #expect(buy(jws(allow: true, transaction: "someone-else")).error?.code == .invalidSignature)
    #expect(buy(jws(allow: true, transaction: nil)).error?.code == .invalidSignature)
    var tampered = jws(allow: false)
    tampered.removeLast(4)
    tampered += "AAAA"
    #expect(buy(tampered).error?.code == .invalidSignature)
    #expect(buy("not a jws").error?.code == .invalidSignature)
    // Signed two days before both the store's clock and the real time.
    #expect(buy(jws(allow: true, iat: t0.milliseconds / 1000 - 2 * 86_400)).error?.code == .invalidSignature)
  }
}
