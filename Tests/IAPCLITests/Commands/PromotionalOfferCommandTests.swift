import Foundation
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit
@testable import IAPFormats
@testable import IAPCrypto

/// Buying with promotional offers, end to end in process: keys from `iap keys create`,
/// signatures made in the test as an app's server makes them.
///
/// The notification rule: a lapsed subscriber who redeems an offer resubscribes
/// (`SUBSCRIBED` `RESUBSCRIBE`, as any resubscription); a current subscriber's redemption
/// sends `OFFER_REDEEMED`, with subtype `UPGRADE` for a higher level (or a crossgrade), taking
/// effect at once, and `DOWNGRADE` for a lower one or none for the product they have, taking
/// effect at the next renewal (Apple's notificationType page; developer forums thread 756304).
@Suite struct PromotionalOfferCommandTests {
  static let catalog = TestHarness.plist(
    products: [
      TestHarness.product(
        "pro.monthly", "autoRenewable", price: "<string>9.99</string>",
        extra: """
          <key>subscriptionGroup</key><string>pro</string><key>subscriptionPeriod</key><string>P1M</string>\
          <key>groupLevel</key><integer>2</integer>\
          <key>promotionalOffers</key><array>\
          <dict><key>id</key><string>half</string><key>paymentMode</key><string>payAsYouGo</string>\
          <key>period</key><string>P1M</string><key>numberOfPeriods</key><integer>2</integer><key>price</key><string>4.99</string></dict>\
          <dict><key>id</key><string>free</string><key>paymentMode</key><string>free</string><key>period</key><string>P1W</string></dict>\
          </array>
          """),
      TestHarness.product(
        "pro.plus", "autoRenewable", price: "<string>19.99</string>",
        extra: """
          <key>subscriptionGroup</key><string>pro</string><key>subscriptionPeriod</key><string>P1M</string>\
          <key>groupLevel</key><integer>1</integer>\
          <key>promotionalOffers</key><array>\
          <dict><key>id</key><string>plus.trial</string><key>paymentMode</key><string>payUpFront</string>\
          <key>period</key><string>P3M</string><key>price</key><string>9.99</string></dict>\
          </array>
          """),
      TestHarness.product("gems", "consumable", price: "<string>0.99</string>"),
    ], top: "<key>bundleId</key><string>\(OfferSigning.bundleId)</string>")

  let harness = TestHarness(catalog: PromotionalOfferCommandTests.catalog)

  /// A key made by `iap keys create`, read back from its .p8.
  func createKey() throws -> (id: String, key: P256.PrivateKey) {
    let created = harness.run("keys create -o key.p8 --json")
    let id = try #require(created.json["keyId"]?.stringValue)
    let block = try PEM.decode(try #require(harness.read("key.p8")), labels: [PEM.Label.privateKey])
    return (id, try #require(P256.PrivateKey(rawRepresentation: try PKCS8.decode(block.bytes).privateKey)))
  }

  func v1Arguments(_ key: (id: String, key: P256.PrivateKey), product: String = "pro.monthly", offer: String = "half", nonce: String = UUID().uuidString, username: String? = nil) -> [String] {
    let timestamp = harness.now.milliseconds
    let signature = OfferSigning.v1(key.key, keyId: key.id, productId: product, offerId: offer, username: username, nonce: nonce, timestamp: timestamp)
    return ["buy", product, "--offer", offer, "--key-id", key.id, "--nonce", nonce, "--timestamp", String(timestamp), "--signature", signature]
      + (username.map { ["--username", $0] } ?? [])
  }

  /// The decoded payload of a transaction's `jwsRepresentation`.
  func payload(_ transaction: JSONValue?) throws -> JSONValue {
    let token = try #require(transaction?["jwsRepresentation"]?.stringValue)
    return try JWS.decode(token, key: nil).payload
  }

  /// A lapsed subscriber: subscribed a month ago, cancelled, expired.
  func lapse() {
    harness.run("buy pro.monthly --finish")
    harness.run("subscription cancel pro.monthly")
    harness.advance(seconds: 32 * 24 * 3600)
  }

  @Test func aLapsedSubscriberResubscribesAtTheOfferPrice() throws {
    let key = try createKey()
    lapse()
    let bought = harness.run(v1Arguments(key, username: "Player1") + ["--json"])
    #expect(bought.status == 0, "\(bought.stderr)")
    let outcome = bought.json.transactions.last
    #expect(outcome?["state"] == .string("purchased"))
    let claims = try payload(outcome)
    #expect(claims["offerType"] == .int(2))
    #expect(claims["offerIdentifier"] == .string("half"))
    #expect(claims["offerDiscountType"] == .string("PAY_AS_YOU_GO"))
    #expect(claims["offerPeriod"] == .string("P2M"), "the offer's whole duration, 2 × P1M")
    #expect(claims["price"] == .int(4990))
    let notification = harness.run("notifications --json").json["notifications"]?.arrayValue?.last
    #expect(notification?["notificationType"] == .string("SUBSCRIBED"))
    #expect(notification?["subtype"] == .string("RESUBSCRIBE"))
    // Pay as you go for two periods: the first renewal is still at the offer price, the next at the regular one.
    harness.advance(seconds: 31 * 24 * 3600)
    let renewals = harness.run("history --json").json.transactions.suffix(1)
    let renewal = try payload(renewals.last)
    #expect(renewal["transactionReason"] == .string("RENEWAL"))
    #expect(renewal["offerIdentifier"] == .string("half"))
    #expect(renewal["price"] == .int(4990))
    harness.advance(seconds: 31 * 24 * 3600)
    let regular = try payload(harness.run("history --json").json.transactions.last)
    #expect(regular["offerType"] == nil)
    #expect(regular["price"] == .int(9990))
  }

  /// An offer for the product subscribed does not cut the paid period short; the
  /// renewal date brings it (its price, period and identifier), then regular renewals.
  @Test func aCurrentSubscriberRedeemsWithOfferRedeemedAndTheRenewalAppliesIt() throws {
    let key = try createKey()
    harness.run("buy pro.monthly --finish")
    harness.advance(seconds: 3600)
    let same = harness.run(v1Arguments(key, offer: "free") + ["--json"])
    #expect(same.status == 0, "\(same.stderr)")
    let now = try payload(same.json.transactions.last)
    #expect(now["offerType"] == nil, "nothing is charged now: \(now)")
    #expect(now["originalTransactionId"] == .string("1"))
    var notification = harness.run("notifications --json").json["notifications"]?.arrayValue?.last
    #expect(notification?["notificationType"] == .string("OFFER_REDEEMED"))
    #expect(notification?["subtype"] == .null)
    let status = harness.run("subscription status --json").json["subscriptions"]?.arrayValue?.first
    #expect(status?["renewalInfo"]?["offerIdentifier"] == .string("free"))
    #expect(status?["renewalInfo"]?["renewalPrice"] == .int(0))
    harness.advance(seconds: 31 * 24 * 3600)
    let renewal = try payload(harness.run("history --json").json.transactions.last)
    #expect(renewal["transactionReason"] == .string("RENEWAL"))
    #expect(renewal["offerIdentifier"] == .string("free"))
    #expect(renewal["offerDiscountType"] == .string("FREE_TRIAL"))
    #expect(renewal["price"] == .int(0))
    let upgrade = harness.run(v1Arguments(key, product: "pro.plus", offer: "plus.trial"))
    #expect(upgrade.status == 0, "\(upgrade.stderr)")
    #expect(upgrade.stdout.contains("promotional offer plus.trial"), "the text shows the offer redeemed")
    notification = harness.run("notifications --json").json["notifications"]?.arrayValue?.last
    #expect(notification?["notificationType"] == .string("OFFER_REDEEMED"))
    #expect(notification?["subtype"] == .string("UPGRADE"))
  }

  @Test func anAccountThatNeverSubscribedIsNotEligible() throws {
    let key = try createKey()
    let result = harness.run(v1Arguments(key) + ["--json"])
    #expect(result.status == 1)
    #expect(result.json["error"]?["code"] == .int(18))
    #expect(result.json["error"]?["message"] == .string(
      "purchase failed: ineligibleForOffer (18): account 'default' never subscribed to group 'pro': promotional offers are for current and lapsed subscribers"))
    #expect(result.json.transactions.last?["state"] == .string("failed"))
  }

  @Test func aNonceIsUsedOnceEvenAcrossProcesses() throws {
    let key = try createKey()
    lapse()
    let nonce = UUID().uuidString
    let arguments = v1Arguments(key, nonce: nonce)
    #expect(harness.run(arguments).status == 0)
    let again = harness.run(arguments)
    #expect(again.status == 1)
    #expect(again.stderr.contains("invalidSignature (12): the nonce \(nonce.lowercased()) was already used"))
  }

  @Test func failuresAreSKErrorsOnTheFailedTransaction() throws {
    let key = try createKey()
    lapse()
    var wrong = v1Arguments(key)
    wrong[wrong.count - 1] = OfferSigning.v1(OfferSigning.key("x"), keyId: key.id, productId: "pro.monthly", offerId: "half", username: nil, nonce: UUID().uuidString, timestamp: 1)
    let bad = harness.run(wrong + ["--json"])
    #expect(bad.status == 1)
    #expect(bad.json["error"]?["name"] == .string("invalidSignature"))
    #expect(bad.json.transactions.last?["error"]?["code"] == .int(12))
    let missing = harness.run("buy pro.monthly --offer half --json")
    #expect(missing.json["error"]?["code"] == .int(13))
    let unknown = harness.run(v1Arguments(key, offer: "nope") + ["--json"])
    #expect(unknown.json["error"]?["code"] == .int(11))
    let consumable = harness.run(v1Arguments(key, product: "gems") + ["--json"])
    #expect(consumable.json["error"]?["code"] == .int(11))
    #expect(harness.run("buy pro.monthly --offer-jws x.y.z --offer half").status == 64)
  }

  @Test func version2JWSBuysAndIsSingleUse() throws {
    let key = try createKey()
    lapse()
    let jws = OfferSigning.v2(key.key, keyId: key.id, productId: "pro.monthly", offerId: "free", iat: harness.now.milliseconds / 1000)
    let bought = harness.run(["buy", "pro.monthly", "--offer-jws", jws, "--json"])
    #expect(bought.status == 0, "\(bought.stderr)")
    let claims = try payload(bought.json.transactions.last)
    #expect(claims["offerType"] == .int(2))
    #expect(claims["offerIdentifier"] == .string("free"))
    let again = harness.run(["buy", "pro.monthly", "--offer-jws", jws])
    #expect(again.status == 1)
    #expect(again.stderr.contains("already used"))
    // Removing the key revokes its signatures.
    harness.run(["keys", "remove", key.id])
    let revoked = OfferSigning.v2(key.key, keyId: key.id, productId: "pro.monthly", offerId: "free", iat: harness.now.milliseconds / 1000)
    #expect(harness.run(["buy", "pro.monthly", "--offer-jws", revoked]).stderr.contains("no key '\(key.id)' is registered"))
  }

  /// Apple's PromotionalOfferV2SignatureCreator: the JWS's `transactionId` may be any
  /// transaction of the customer, the appTransactionId included; another
  /// customer's is still refused.
  @Test func version2JWSTakesAnyTransactionOfTheCustomerOrItsAppTransactionId() throws {
    let key = try createKey()
    harness.run("buy gems --finish")  // 1: a consumable, not a subscription
    lapse()  // 2
    harness.run("buy gems --finish --account other")  // 3
    let appTransactionId = try #require(harness.run("app-transaction --json").json["appTransactionId"]?.stringValue)
    func buy(_ transactionId: String) -> RunResult {
      let jws = OfferSigning.v2(
        key.key, keyId: key.id, productId: "pro.monthly", offerId: "free", iat: harness.now.milliseconds / 1000, transactionId: transactionId)
      return harness.run(["buy", "pro.monthly", "--offer-jws", jws])
    }
    #expect(buy("3").status == 1, "another customer's transaction")
    let byConsumable = buy("1")
    #expect(byConsumable.status == 0, "\(byConsumable.stderr)")
    harness.run("subscription cancel pro.monthly")
    harness.advance(seconds: 32 * 24 * 3600)
    let byAppTransaction = buy(appTransactionId)
    #expect(byAppTransaction.status == 0, "\(byAppTransaction.stderr)")
  }

  @Test func askToBuyRedeemsTheOfferOnApproval() throws {
    let key = try createKey()
    lapse()
    harness.run("settings set ask-to-buy on")
    let deferred = harness.run(v1Arguments(key, offer: "free") + ["--json"])
    #expect(deferred.status == 2)
    let id = try #require(deferred.json.transactions.last?["id"]?.stringValue)
    let approved = harness.run("approve \(id) --json")
    #expect(approved.status == 0)
    let claims = try payload(approved.json.transactions.last)
    #expect(claims["offerIdentifier"] == .string("free"))
    #expect(claims["offerDiscountType"] == .string("FREE_TRIAL"))
  }

  @Test func productsShowTheOffersAsSubscriptionOffers() {
    let product = harness.run("products fetch pro.monthly --json").json["products"]?.arrayValue?.first
    let offers = product?["promotionalOffers"]?.arrayValue ?? []
    #expect(offers.map { $0["id"]?.stringValue } == ["half", "free"])
    #expect(offers.first == .object([
      ("id", .string("half")), ("type", .string("promotional")), ("price", .string("4.99")), ("displayPrice", .string("$4.99")),
      ("paymentMode", .string("payAsYouGo")), ("period", .string("P1M")), ("numberOfPeriods", .int(2)),
    ]))
  }
}
