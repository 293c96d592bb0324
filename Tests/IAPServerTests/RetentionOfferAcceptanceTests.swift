import Foundation
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPKit
@testable import IAPServer
@testable import IAPFormats
@testable import IAPCrypto
@testable import IAPHTTP
@testable import IAPSystem

/// The customer acts on the retention message shown when they began to cancel
/// (`iap messages accept`): the alternate product is bought as a change of plan inside the
/// group is, the promotional offer is redeemed with the endpoint's signature, once.
@Suite struct RetentionOfferAcceptanceTests: ServerAPITesting {
  let harness: TestHarness
  let keyId: String
  let issuerId: String
  let key: P256.PrivateKey

  /// pro.monthly with a promotional offer, pro.plus above it in the group, lite.monthly in
  /// another group.
  static let catalog = TestHarness.plist(
    products: [
      TestHarness.product(
        "pro.monthly", "autoRenewable", price: "<string>9.99</string>",
        extra: """
          <key>subscriptionGroup</key><string>pro</string><key>subscriptionPeriod</key><string>P1M</string>\
          <key>groupLevel</key><integer>2</integer><key>promotionalOffers</key><array>\
          <dict><key>id</key><string>half</string><key>paymentMode</key><string>payAsYouGo</string>\
          <key>period</key><string>P1M</string><key>numberOfPeriods</key><integer>2</integer><key>price</key><string>4.99</string></dict>\
          </array>
          """),
      TestHarness.product(
        "pro.plus", "autoRenewable", price: "<string>19.99</string>",
        extra: """
          <key>subscriptionGroup</key><string>pro</string><key>subscriptionPeriod</key><string>P1M</string>\
          <key>groupLevel</key><integer>1</integer><key>promotionalOffers</key><array>\
          <dict><key>id</key><string>plus.half</string><key>paymentMode</key><string>payAsYouGo</string>\
          <key>period</key><string>P1M</string><key>numberOfPeriods</key><integer>2</integer><key>price</key><string>9.99</string></dict>\
          </array>
          """),
      TestHarness.product(
        "lite.monthly", "autoRenewable", price: "<string>1.99</string>",
        extra: "<key>subscriptionGroup</key><string>lite</string><key>subscriptionPeriod</key><string>P1M</string>"),
    ],
    top: "<key>bundleId</key><string>com.example.app</string>")

  init() throws {
    (harness, keyId, issuerId, key) = try ServerAPIFixture.make()
    harness.write("catalog.plist", Self.catalog)
  }

  static let message = "4d3b9a4e-0f6c-4a5b-9c2d-7e8f00112233"
  static let fallback = "5d3b9a4e-0f6c-4a5b-9c2d-7e8f00112233"

  /// A message, the en-US default, and pro.monthly bought; then the endpoint answering
  /// `answer`, and the customer beginning to cancel.
  func cancel(answering answer: JSONValue?) throws -> RunResult {
    for id in [Self.message, Self.fallback] {
      #expect(send("PUT", "/inApps/v1/messaging/message/\(id)", .object([("header", .string("Stay")), ("body", .string("Please."))])).status == 200)
    }
    #expect(send("PUT", "/inApps/v1/messaging/default/pro.monthly/en-US", .object([("messageIdentifier", .string(Self.fallback))])).status == 200)
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    guard let answer else { return harness.run("subscription cancel pro.monthly") }
    let server = try HTTPServer(host: "127.0.0.1", port: 0) { _ in HTTPResponse.json(answer) }
    server.start()
    defer { server.stop() }
    #expect(send("PUT", "/inApps/v1/messaging/realtime/url", .object([("realtimeURL", .string("http://127.0.0.1:\(server.port)/r"))])).status == 200)
    return harness.run("subscription cancel pro.monthly")
  }

  /// A `promotionalOffer` answer for pro.monthly's `half`, signed with `signer`.
  func promotional(signer: P256.PrivateKey? = nil) -> JSONValue {
    let nonce = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
    let now = harness.now.milliseconds
    let signature = OfferSigning.v1(
      signer ?? key, keyId: keyId, productId: "pro.monthly", offerId: "half", username: nil, nonce: nonce, timestamp: now, bundleId: "com.example.app")
    return .object([
      ("promotionalOffer", .object([
        ("messageIdentifier", .string(Self.message)),
        ("promotionalOfferSignatureV1", .object([
          ("encodedSignature", .string(signature)), ("productId", .string("pro.monthly")), ("nonce", .string(nonce)),
          ("timestamp", .int(now)), ("keyId", .string(keyId)), ("offerIdentifier", .string("half")),
        ])),
      ]))
    ])
  }

  func subscription() -> JSONValue? { harness.run("subscription status --json").json["subscriptions"]?.arrayValue?.first }

  @Test func theAlternateProductIsBoughtAsAnUpgradeInsideTheGroupOnce() throws {
    let answer = JSONValue.object([("alternateProduct", .object([("messageIdentifier", .string(Self.message)), ("productId", .string("pro.plus"))]))])
    #expect(try cancel(answering: answer).status == 0)
    #expect(harness.run("messages").stdout.contains("alternate product pro.plus (iap messages accept 1)"))
    let accepted = harness.run("messages accept 1 --json")
    #expect(accepted.status == 0)
    #expect(accepted.json["transactions"]?.arrayValue?.last?["productId"] == .string("pro.plus"))
    #expect(subscription()?["productId"] == .string("pro.plus") && subscription()?["autoRenewStatus"] == .bool(true))
    #expect(harness.run("messages --json").json["retentionMessages"]?.arrayValue?.first?["accepted"] == .bool(true))
    let again = harness.run("messages accept 1")
    #expect(again.status == 64)
    #expect(again.stderr.contains("the customer already accepted the alternate product shown for subscription 1"))
  }

  @Test func theControlPlaneAcceptsAsTheCommandDoes() throws {
    let answer = JSONValue.object([("alternateProduct", .object([("messageIdentifier", .string(Self.message)), ("productId", .string("pro.plus"))]))])
    #expect(try cancel(answering: answer).status == 0)
    let accepted = harness.send("POST", "/iap/v1/messages/retention/1/accept", nil)
    #expect(accepted.status == 200)
    #expect(accepted.jsonBody?["transactions"]?.arrayValue?.last?["productId"] == .string("pro.plus"))
    let again = harness.send("POST", "/iap/v1/messages/retention/1/accept", nil)
    #expect(again.status == 400)
    #expect(again.jsonBody?["error"]?["message"]?.stringValue?.contains("already accepted") == true)
  }

  @Test func thePromotionalOfferIsRedeemedWithTheEndpointsSignature() throws {
    #expect(try cancel(answering: promotional()).status == 0)
    let shown = harness.run("messages --json").json["retentionMessages"]?.arrayValue?.first
    #expect(shown?["source"] == .string("realtime") && shown?["promotionalOfferId"] == .string("half"))
    #expect(harness.run("messages accept #1").status == 0)
    // The offer applies from the renewal, which the customer turned back on.
    #expect(subscription()?["autoRenewStatus"] == .bool(true))
    let notes = harness.run("notifications --json").json["notifications"]?.arrayValue ?? []
    #expect(notes.last?["notificationType"] == .string("OFFER_REDEEMED"))
    #expect(harness.run("messages accept 1").stderr.contains("already accepted the promotional offer"))
  }

  @Test func aVersion2SignatureNamingTheSubscriptionRedeemsTheOfferOfAnotherProductOfTheGroup() throws {
    let jws = OfferSigning.v2(
      key, keyId: keyId, productId: "pro.plus", offerId: "plus.half", iat: harness.now.milliseconds / 1000, bundleId: "com.example.app",
      transactionId: "1")
    let answer = JSONValue.object([
      ("promotionalOffer", .object([("messageIdentifier", .string(Self.message)), ("promotionalOfferSignatureV2", .string(jws))]))
    ])
    #expect(try cancel(answering: answer).status == 0)
    #expect(harness.run("messages").stdout.contains("promotional offer plus.half of pro.plus (iap messages accept 1)"))
    let accepted = harness.run("messages accept 1 --json")
    #expect(accepted.status == 0)
    let last = accepted.json["transactions"]?.arrayValue?.last
    #expect(last?["productId"] == .string("pro.plus") && last?["state"] == .string("purchased"))
    #expect(last?["offer"]?["id"] == .string("plus.half"))
  }

  @Test func anOfferSignedWithAnotherKeyIsSetAsideForTheDefaultMessage() throws {
    let cancelled = try cancel(answering: promotional(signer: OfferSigning.key("not the app's key")))
    #expect(cancelled.status == 0)
    #expect(cancelled.stderr.contains("the Get Retention Message answer was set aside (the promotional offer does not verify"))
    let shown = harness.run("messages --json").json["retentionMessages"]?.arrayValue?.first
    #expect(shown?["source"] == .string("defaultMessage") && shown?["messageIdentifier"] == .string(Self.fallback))
    let refused = harness.run("messages accept 1")
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("the retention message shown for subscription 1 (message \(Self.fallback)) offers no alternate product or promotional offer to accept"))
  }

  @Test func nothingShownNothingToAccept() {
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    let refused = harness.run("messages accept 1")
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("no retention message was shown for subscription 1"))
  }
}
