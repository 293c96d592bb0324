import Foundation
import Testing

@testable import IAPCore
@testable import IAPCrypto
@testable import IAPFormats

/// What a customer who begins to cancel is shown, from the Get Retention Message endpoint's
/// answer and the default messages, in Apple's fallback order.
@Suite struct RetentionAnswerTests {
  static let chosen = "4d3b9a4e-0f6c-4a5b-9c2d-7e8f00112233"
  static let fallback = "5d3b9a4e-0f6c-4a5b-9c2d-7e8f00112233"
  static let pictured = "6d3b9a4e-0f6c-4a5b-9c2d-7e8f00112233"
  static let picture = "7d3b9a4e-0f6c-4a5b-9c2d-7e8f00112233"
  static let key = OfferSigning.key("retention offer key")
  static let now = Timestamp(iso8601: "2026-01-15T10:00:00Z")!
  static let nonce = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"

  static func subscription(_ id: String, group: String = "pro", level: Int = 1) -> Product {
    var product = Product(
      id: id, type: .autoRenewable, title: id, description: id, price: 9.99, subscriptionGroup: group, subscriptionPeriod: .oneMonth)
    product.groupLevel = level
    product.promotionalOffers = [
      PromotionalOffer(id: "stay", terms: IntroductoryOffer(paymentMode: .payAsYouGo, period: OfferPeriod(iso8601: "P1M")!, numberOfPeriods: 3, price: 4.99))
    ]
    return product
  }

  static let context = RetentionAnswerContext(
    catalog: Catalog(
      bundleId: OfferSigning.bundleId,
      products: [subscription("pro.monthly"), subscription("pro.yearly", level: 2), subscription("lite.monthly", group: "lite")]),
    verifier: PromotionalOfferVerifier(
      bundleId: OfferSigning.bundleId, context: OfferVerificationContext(keys: ["KEY1234567": key.publicKey], realNow: now), storeNow: now,
      usedNonces: []),
    ownedTransactionIds: ["1"])

  /// Two text messages (one the en-US default of pro.monthly) and one with an image.
  static func configuration() throws -> RetentionMessaging {
    var value = RetentionMessaging()
    value.images.append(RetentionMessaging.Image(imageIdentifier: picture, imageSize: .fullSize))
    try value.uploadMessage(RetentionMessage(messageIdentifier: chosen, header: "h", body: "b"))
    try value.uploadMessage(RetentionMessage(messageIdentifier: fallback, header: "h", body: "b"))
    var withImage = RetentionMessage(messageIdentifier: pictured, header: "h", body: "b")
    withImage.image = RetentionMessage.Image(imageIdentifier: picture, altText: "a map")
    try value.uploadMessage(withImage)
    try value.configureDefault(productId: "pro.monthly", locale: "en-US", messageIdentifier: fallback)
    return value
  }

  func shown(_ value: RetentionMessaging, _ answer: JSONValue?, locale: String = "en_US") -> RetentionMessaging.Choice {
    value.offer(originalTransactionId: "1", productId: "pro.monthly", locale: locale, answer: answer.map { ($0, Self.context) })
  }

  static func option(_ name: String, _ members: [(String, JSONValue)]) -> JSONValue { .object([(name, .object(members))]) }

  static func v1(productId: String = "pro.monthly", offer: String = "stay", token: String? = nil) -> JSONValue {
    let signature = OfferSigning.v1(
      key, keyId: "KEY1234567", productId: productId, offerId: offer, username: token, nonce: nonce, timestamp: now.milliseconds)
    var members: [(String, JSONValue)] = [
      ("encodedSignature", .string(signature)), ("productId", .string(productId)), ("nonce", .string(nonce)),
      ("timestamp", .int(now.milliseconds)), ("keyId", .string("KEY1234567")), ("offerIdentifier", .string(offer)),
    ]
    if let token { members.append(("appAccountToken", .string(token))) }
    return .object(members)
  }

  @Test func theAnswerComesFirstThenTheDefaultMessageOfTheProductAndLocaleThenNothing() throws {
    let value = try Self.configuration()
    let answer = Self.option("message", [("messageIdentifier", .string(Self.chosen.uppercased()))])
    let realtime = shown(value, answer).offer
    #expect(realtime?.source == .realtime && realtime?.messageIdentifier == Self.chosen && realtime?.originalTransactionId == "1")
    // No answer in time: the default message, with no reason to report.
    #expect(shown(value, nil) == RetentionMessaging.Choice(
      offer: RetentionOffer(originalTransactionId: "1", productId: "pro.monthly", source: .defaultMessage, messageIdentifier: Self.fallback)))
    #expect(shown(value, nil, locale: "fr_FR").offer == nil)
    // A message not uploaded fails the answer: the default message, and why.
    let unknown = shown(value, Self.option("message", [("messageIdentifier", .string("8d3b9a4e-0f6c-4a5b-9c2d-7e8f00112233"))]))
    #expect(unknown.offer?.source == .defaultMessage && unknown.setAside?.contains("was not uploaded") == true)
  }

  @Test func aMessageOrImageNotApprovedIsNeverShownNeitherAnsweredNorAsDefault() throws {
    var value = try Self.configuration()
    value.messages[1].state = .pending
    #expect(shown(value, nil).offer == nil)
    value.images[0].state = .rejected
    let answer = shown(value, Self.option("message", [("messageIdentifier", .string(Self.pictured))]))
    #expect(answer.offer == nil && answer.setAside == "image \(Self.picture) of message \(Self.pictured) is not APPROVED")
  }

  @Test func theOptionsAreMutuallyExclusive() throws {
    let value = try Self.configuration()
    let both = JSONValue.object([
      ("message", .object([("messageIdentifier", .string(Self.chosen))])),
      ("alternateProduct", .object([("messageIdentifier", .string(Self.chosen)), ("productId", .string("pro.yearly"))])),
    ])
    #expect(shown(value, both).setAside == "the answer gives message and alternateProduct: the options are mutually exclusive")
    #expect(shown(value, .object([])).offer?.source == .defaultMessage)
  }

  @Test func anAlternateProductIsAnotherSubscriptionOfTheGroupWithATextOnlyMessage() throws {
    let value = try Self.configuration()
    func alternate(_ product: String, message: String = RetentionAnswerTests.chosen) -> RetentionMessaging.Choice {
      shown(value, Self.option("alternateProduct", [("messageIdentifier", .string(message)), ("productId", .string(product))]))
    }
    #expect(alternate("pro.yearly").offer?.alternateProductId == "pro.yearly")
    #expect(alternate("pro.yearly").offer?.offersChoice == true)
    #expect(alternate("lite.monthly").setAside == "'lite.monthly' is not in the subscription group 'pro' of the subscription being cancelled")
    #expect(alternate("pro.monthly").setAside == "the alternate product 'pro.monthly' is the subscription being cancelled")
    #expect(alternate("nope").setAside == "'nope' is not an auto-renewable subscription of the catalog")
    #expect(alternate("pro.yearly", message: Self.pictured).setAside?.contains("has an image") == true)
    #expect(alternate("pro.yearly", message: Self.pictured).offer?.source == .defaultMessage)
  }

  @Test func aPromotionalOfferMustVerifyAsAStoreKitOfferSignatureDoes() throws {
    let value = try Self.configuration()
    func promotional(_ members: [(String, JSONValue)]) -> RetentionMessaging.Choice {
      shown(value, Self.option("promotionalOffer", [("messageIdentifier", .string(Self.chosen))] + members))
    }
    let token = "b4e8f1c2-0000-4000-8000-000000000001"
    let good = promotional([("promotionalOfferSignatureV1", Self.v1(productId: "pro.yearly", token: token))])
    #expect(good.offer?.signedOffer?.offerId == "stay" && good.offer?.signedOffer?.productId == "pro.yearly")
    #expect(good.offer?.signedOffer?.appAccountToken == token && good.offer?.signedOffer?.request.nonce == Self.nonce)
    // Signed for another product than the one it names.
    guard case var .object(forged) = Self.v1() else { return }
    forged.removeAll { $0.0 == "productId" }
    forged.append(("productId", .string("pro.yearly")))
    #expect(promotional([("promotionalOfferSignatureV1", .object(forged))]).setAside?.hasPrefix("the promotional offer does not verify: the signature does not match") == true)
    #expect(promotional([("promotionalOfferSignatureV1", Self.v1(offer: "none"))]).setAside?.contains("has no promotional offer 'none'") == true)
    #expect(promotional([("promotionalOfferSignatureV1", Self.v1(productId: "lite.monthly"))]).offer?.source == .defaultMessage)
    #expect(promotional([]).setAside == "the promotionalOffer gives neither promotionalOfferSignatureV1 nor promotionalOfferSignatureV2")
    let jws = OfferSigning.v2(Self.key, keyId: "KEY1234567", productId: "pro.monthly", offerId: "stay", iat: Self.now.milliseconds / 1000, transactionId: "1")
    let v2 = promotional([("promotionalOfferSignatureV2", .string(jws))])
    #expect(v2.offer?.signedOffer?.request == PromotionalOfferRequest(jws: jws) && v2.offer?.signedOffer?.offerId == "stay")
    let pictured = shown(value, Self.option("promotionalOffer", [("messageIdentifier", .string(Self.pictured)), ("promotionalOfferSignatureV1", Self.v1())]))
    #expect(pictured.setAside?.contains("has an image") == true)
  }
}
