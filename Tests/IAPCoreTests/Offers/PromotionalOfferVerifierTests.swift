import Foundation
import Testing

@testable import IAPCore
@testable import IAPFormats
@testable import IAPCrypto

/// The App Store's checks of a promotional offer signature, on the pure verifier: every
/// signature here is made in the test with a P-256 key, as an app's server would.
@Suite struct PromotionalOfferVerifierTests {
  static let key = OfferSigning.key("offer key")
  static let now = Timestamp(iso8601: "2026-01-15T10:00:00Z")!
  static let nonce = "3F2504E0-4F89-11D3-9A0C-0305E82C3301"
  static let product: Product = {
    var p = Product(
      id: "pro.monthly", type: .autoRenewable, title: "Pro", description: "Pro", price: 9.99, subscriptionGroup: "pro",
      subscriptionPeriod: .oneMonth)
    p.promotionalOffers = [
      PromotionalOffer(id: "half", terms: IntroductoryOffer(paymentMode: .payAsYouGo, period: OfferPeriod(iso8601: "P1M")!, numberOfPeriods: 3, price: 4.99)),
      PromotionalOffer(id: "unpriced", terms: IntroductoryOffer(paymentMode: .payUpFront, period: OfferPeriod(iso8601: "P3M")!)),
    ]
    return p
  }()

  func verifier(storeNow: Timestamp = now, realNow: Timestamp = now, used: Set<String> = []) -> PromotionalOfferVerifier {
    PromotionalOfferVerifier(
      bundleId: OfferSigning.bundleId, context: OfferVerificationContext(keys: ["KEY1234567": Self.key.publicKey], realNow: realNow),
      storeNow: storeNow, usedNonces: used)
  }

  func v1(offer: String = "half", keyId: String = "KEY1234567", username: String? = "Alice", nonce: String = nonce, timestamp: Int64 = now.milliseconds, signer: P256.PrivateKey = key, signedUsername: String? = "alice") -> PromotionalOfferRequest {
    let signature = OfferSigning.v1(
      signer, keyId: keyId, productId: Self.product.id, offerId: offer, username: signedUsername, nonce: nonce, timestamp: timestamp)
    return PromotionalOfferRequest(offerId: offer, keyId: keyId, nonce: nonce, timestamp: String(timestamp), signature: signature)
  }

  func code(_ result: Result<PromotionalOfferVerifier.Accepted, StoreError>) -> SKErrorCode? {
    if case let .failure(error) = result { return error.code }
    return nil
  }

  func message(_ result: Result<PromotionalOfferVerifier.Accepted, StoreError>) -> String {
    if case let .failure(error) = result { return error.message }
    return ""
  }

  @Test func theMessageIsTheFieldsJoinedByInvisibleSeparators() {
    let message = PromotionalOfferVerifier.message(
      bundleId: "b", keyId: "k", productId: "p", offerId: "o", applicationUsername: "MiXeD", nonce: "ABC-D", timestamp: "1")
    #expect(String(decoding: message, as: UTF8.self) == "b\u{2063}k\u{2063}p\u{2063}o\u{2063}mixed\u{2063}abc-d\u{2063}1")
    let none = PromotionalOfferVerifier.message(
      bundleId: "b", keyId: "k", productId: "p", offerId: "o", applicationUsername: nil, nonce: "n", timestamp: "1")
    #expect(String(decoding: none, as: UTF8.self) == "b\u{2063}k\u{2063}p\u{2063}o\u{2063}\u{2063}n\u{2063}1")
  }

  @Test func aGoodVersion1SignatureIsAcceptedWithItsNonceLowercased() throws {
    // The username is lowercased on both sides, so "Alice" signed as "alice" verifies.
    let result = verifier().verify(v1(), product: Self.product, applicationUsername: "Alice")
    let accepted = try result.get()
    #expect(accepted.offer.id == "half")
    #expect(accepted.nonce == Self.nonce.lowercased())
  }

  @Test func missingParametersAreMissingOfferParams() {
    var request = v1()
    request.signature = nil
    request.nonce = ""
    let result = verifier().verify(request, product: Self.product, applicationUsername: "Alice")
    #expect(code(result) == .missingOfferParams)
    #expect(message(result) == "the payment discount lacks its nonce, signature")
  }

  @Test func anUnknownOfferIsInvalidOfferIdentifier() {
    let result = verifier().verify(v1(offer: "nope"), product: Self.product, applicationUsername: "Alice")
    #expect(code(result) == .invalidOfferIdentifier)
    #expect(message(result) == "'pro.monthly' has no promotional offer 'nope' (it has half, unpriced)")
  }

  @Test func wrongSignaturesAreInvalidSignature() {
    // Another key, an unknown key id, another username, and bytes that are not DER.
    let other = OfferSigning.key("someone else")
    #expect(code(verifier().verify(v1(signer: other), product: Self.product, applicationUsername: "Alice")) == .invalidSignature)
    #expect(code(verifier().verify(v1(keyId: "UNKNOWN"), product: Self.product, applicationUsername: "Alice")) == .invalidSignature)
    #expect(code(verifier().verify(v1(), product: Self.product, applicationUsername: "bob")) == .invalidSignature)
    var garbled = v1()
    garbled.signature = "bm90IGEgc2lnbmF0dXJl"
    #expect(code(verifier().verify(garbled, product: Self.product, applicationUsername: "Alice")) == .invalidSignature)
  }

  @Test func theTimestampMustBeWithinADayOfTheStoreClockOrTheRealTime() {
    let day: Int64 = 24 * 3600 * 1000
    let late = Self.now.milliseconds + day + 1
    let stale = verifier().verify(v1(timestamp: late), product: Self.product, applicationUsername: "Alice")
    #expect(code(stale) == .invalidSignature)
    #expect(message(stale).contains("more than 24 hours from the store's clock"))
    #expect(code(verifier().verify(v1(timestamp: Self.now.milliseconds - day), product: Self.product, applicationUsername: "Alice")) == nil)
    // A simulated clock far ahead: the server's real-time stamp still passes, and so does one
    // made on the store's clock (a golden scenario's).
    let ahead = Timestamp(iso8601: "2030-06-01T00:00:00Z")!
    #expect(code(verifier(storeNow: ahead).verify(v1(), product: Self.product, applicationUsername: "Alice")) == nil)
    #expect(code(verifier(storeNow: ahead).verify(v1(timestamp: ahead.milliseconds), product: Self.product, applicationUsername: "Alice")) == nil)
  }

  @Test func aNonceIsGoodForOnePurchase() {
    let result = verifier(used: [Self.nonce.lowercased()]).verify(v1(), product: Self.product, applicationUsername: "Alice")
    #expect(code(result) == .invalidSignature)
    #expect(message(result).contains("already used"))
  }

  @Test func aPaidOfferWithoutAPriceIsInvalidOfferPrice() {
    let result = verifier().verify(v1(offer: "unpriced"), product: Self.product, applicationUsername: "Alice")
    #expect(code(result) == .invalidOfferPrice)
  }

  // MARK: - Version 2

  func v2(_ build: (inout (offer: String?, iat: Int64, aud: String, bid: String, product: String, kid: String, alg: String, signer: P256.PrivateKey, transaction: String?)) -> Void = { _ in }) -> PromotionalOfferRequest {
    var claims: (offer: String?, iat: Int64, aud: String, bid: String, product: String, kid: String, alg: String, signer: P256.PrivateKey, transaction: String?) = (
      "half", Self.now.milliseconds / 1000, "promotional-offer", OfferSigning.bundleId, Self.product.id, "KEY1234567", "ES256", Self.key, nil
    )
    build(&claims)
    return PromotionalOfferRequest(
      jws: OfferSigning.v2(
        claims.signer, keyId: claims.kid, productId: claims.product, offerId: claims.offer, iat: claims.iat, nonce: Self.nonce,
        audience: claims.aud, bundleId: claims.bid, transactionId: claims.transaction, alg: claims.alg))
  }

  @Test func aGoodVersion2SignatureIsAccepted() throws {
    let accepted = try verifier().verify(v2(), product: Self.product, applicationUsername: nil).get()
    #expect(accepted.offer.id == "half")
    #expect(accepted.nonce == Self.nonce.lowercased())
  }

  @Test func version2ChecksEveryClaim() {
    let cases: [(String, PromotionalOfferRequest, SKErrorCode)] = [
      ("another key", v2 { $0.signer = OfferSigning.key("other") }, .invalidSignature),
      ("unknown kid", v2 { $0.kid = "NOPE" }, .invalidSignature),
      ("HS256", v2 { $0.alg = "HS256" }, .invalidSignature),
      ("audience", v2 { $0.aud = "introductory-offer-eligibility" }, .invalidSignature),
      ("bundle id", v2 { $0.bid = "com.other.app" }, .invalidSignature),
      ("product", v2 { $0.product = "pro.yearly" }, .invalidSignature),
      ("stale iat", v2 { $0.iat -= 2 * 24 * 3600 }, .invalidSignature),
      ("no offer", v2 { $0.offer = nil }, .missingOfferParams),
      ("unknown offer", v2 { $0.offer = "nope" }, .invalidOfferIdentifier),
      ("foreign transaction", v2 { $0.transaction = "99" }, .invalidSignature),
    ]
    for (name, request, expected) in cases {
      #expect(code(verifier().verify(request, product: Self.product, applicationUsername: nil)) == expected, "\(name)")
    }
    #expect(code(verifier().verify(PromotionalOfferRequest(jws: "not.a.jws"), product: Self.product, applicationUsername: nil)) == .invalidSignature)
    let own = verifier().verify(v2 { $0.transaction = "7" }, product: Self.product, applicationUsername: nil) { $0 == "7" }
    #expect(code(own) == nil)
    #expect(code(verifier(used: [Self.nonce.lowercased()]).verify(v2(), product: Self.product, applicationUsername: nil)) == .invalidSignature)
  }
}
