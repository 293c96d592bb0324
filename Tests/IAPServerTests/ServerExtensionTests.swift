import Foundation
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPKit
@testable import IAPServer
@testable import IAPFormats
@testable import IAPCrypto
@testable import IAPHTTP

/// Extend a Subscription Renewal Date, its mass form and its status, and Set App
/// Account Token, as Apple documents them ("Extending the renewal date for auto-renewable
/// subscriptions": up to 90 days, twice in 365 days, paid active subscriptions only).
@Suite struct ServerExtensionTests: ServerAPITesting {
  let harness: TestHarness
  let keyId: String
  let issuerId: String
  let key: P256.PrivateKey

  init() throws { (harness, keyId, issuerId, key) = try ServerAPIFixture.make() }

  func extend(_ id: String, days: Int = 10, reason: Int = 1, request: String? = "r1") -> HTTPResponse {
    var body: [(String, JSONValue)] = [("extendByDays", .int(Int64(days))), ("extendReasonCode", .int(Int64(reason)))]
    if let request { body.append(("requestIdentifier", .string(request))) }
    return send("PUT", "/inApps/v1/subscriptions/extend/\(id)", .object(body))
  }

  func expiry(_ product: String = "pro.monthly") -> String? {
    harness.run("subscription status \(product) --json").json["subscriptions"]?.arrayValue?.first?["expirationDate"]?.stringValue
  }

  @Test func anExtensionMovesTheRenewalAndTheRenewalStartsThere() throws {
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    let response = extend("1")
    #expect(response.status == 200)
    let body = try #require(response.jsonBody)
    let effective = Timestamp(iso8601: "2026-02-25T10:00:00Z")!
    #expect(body["effectiveDate"] == .int(effective.milliseconds))
    #expect(body["success"] == .bool(true))
    #expect(body["originalTransactionId"] == .string("1"))
    #expect(expiry() == "2026-02-25T10:00:00Z")
    harness.now = Timestamp(iso8601: "2026-02-20T10:00:00Z")!
    #expect(harness.run("history --json").json["transactions"]?.arrayValue?.count == 1, "no renewal at the old date")
    harness.now = Timestamp(iso8601: "2026-02-26T10:00:00Z")!
    let history = harness.run("history --json").json["transactions"]?.arrayValue ?? []
    #expect(history.count == 2)
    #expect(history.last?["purchaseDate"]?.stringValue == "2026-02-25T10:00:00Z")
    let types = harness.run("notifications --json").json["notifications"]?.arrayValue?.map { $0["notificationType"]?.stringValue ?? "" }
    #expect(types == ["SUBSCRIBED", "RENEWAL_EXTENDED", "DID_RENEW"])
  }

  @Test func aRequestIdentifierCountsOnceAndTwoExtensionsAYearAreTheMost() throws {
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    let first = extend("1", request: "r1").jsonBody?["effectiveDate"]
    #expect(extend("1", request: "r1").jsonBody?["effectiveDate"] == first, "the same request answered again")
    #expect(extend("1", days: 5, request: "r2").status == 200)
    let third = extend("1", request: "r3")
    #expect(third.status == 403)
    #expect(third.jsonBody == ServerAPIError.subscriptionMaxExtension.json)
    #expect(expiry() == "2026-03-02T10:00:00Z", "15 days in all")
    let extended = harness.run("notifications --json").json["notifications"]?.arrayValue?.filter { $0["notificationType"] == .string("RENEWAL_EXTENDED") }
    #expect(extended?.count == 2)
    // A year on (the subscription renewing meanwhile), extensions are allowed again.
    harness.now = Timestamp(iso8601: "2027-01-20T10:00:00Z")!
    #expect(extend("1", request: "r4").status == 200)
  }

  @Test func onlyAPaidActiveSubscriptionCanBeExtended() throws {
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    #expect(harness.run("buy sword --finish").status == 0)
    #expect(extend("2").jsonBody == ServerAPIError.originalTransactionIdNotFound.json, "not a subscription")
    #expect(extend("9").jsonBody == ServerAPIError.originalTransactionIdNotFound.json)
    #expect(extend("x9").jsonBody == ServerAPIError.invalidOriginalTransactionId.json)
    #expect(extend("1", days: 0).jsonBody == ServerAPIError.invalidExtendByDays.json)
    #expect(extend("1", days: 91).jsonBody == ServerAPIError.invalidExtendByDays.json)
    #expect(extend("1", reason: 4).jsonBody == ServerAPIError.invalidExtendReasonCode.json)
    #expect(extend("1", request: nil).jsonBody == ServerAPIError.invalidRequestIdentifier.json)
    var headers = HTTPHeaders([("Host", "127.0.0.1")])
    headers.add("Authorization", "Bearer " + token())
    let garbled = api.respond(HTTPRequest(method: "PUT", target: "/inApps/v1/subscriptions/extend/1", headers: headers, body: Array("{".utf8))!)
    #expect(garbled.status == 400)
    #expect(garbled.jsonBody?["errorCode"] == .int(4_000_000))
    #expect(harness.run("subscription cancel pro.monthly").status == 0)
    harness.now = Timestamp(iso8601: "2026-03-01T10:00:00Z")!
    let expired = extend("1")
    #expect(expired.status == 403)
    #expect(expired.jsonBody == ServerAPIError.subscriptionExtensionIneligible.json)
    #expect(harness.run("subscription status pro.monthly --json").json["subscriptions"]?.arrayValue?.first?["state"] == .string("expired"))
  }

  /// "When this endpoint extends eligible purchased subscriptions that support Family
  /// Sharing, it also extends the subscriptions for family members" (Extend a Subscription
  /// Renewal Date); a member's share is not extended on its own.
  @Test func familyMembersSharesAreExtendedWithThePurchasersSubscription() throws {
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    #expect(harness.run("family add bob").status == 0)
    let shared = try #require(harness.run("history --json --account bob").json["transactions"]?.arrayValue?.first)
    #expect(shared["inAppOwnershipType"] == .string("FAMILY_SHARED"))
    let sharedId = try #require(shared["id"]?.stringValue)
    #expect(extend(sharedId).jsonBody == ServerAPIError.familySharedSubscriptionExtensionIneligible.json)
    #expect(extend("1").status == 200)
    let bob = harness.run("subscription status pro.monthly --json --account bob").json["subscriptions"]?.arrayValue?.first
    #expect(bob?["expirationDate"] == .string("2026-02-25T10:00:00Z"))
    let extended = harness.run("notifications --json").json["notifications"]?.arrayValue?.filter { $0["notificationType"] == .string("RENEWAL_EXTENDED") }
    #expect(extended?.map { $0["transactionId"]?.stringValue ?? "" } == ["1", sharedId])
    #expect(get("/inApps/v1/history/1?inAppOwnershipType=FAMILY_SHARED").jsonBody?["signedTransactions"]?.arrayValue?.isEmpty == true)
    #expect(get("/inApps/v1/history/\(sharedId)?inAppOwnershipType=FAMILY_SHARED").jsonBody?["signedTransactions"]?.arrayValue?.count == 1)
  }

  @Test func underAnAcceleratedRateADayLastsAThirtiethOfTheMonth() throws {
    #expect(harness.run("settings set time-rate monthlyRenewalEveryFiveMinutes").status == 0)
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    let expires = Timestamp(iso8601: "2026-01-15T10:05:00Z")!
    // 10 days of a 5-minute month: 100 seconds.
    #expect(extend("1").jsonBody?["effectiveDate"] == .int(expires.milliseconds + 100_000))
  }

  @Test func aMassExtensionExtendsEveryActiveSubscriberInItsStorefronts() throws {
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    #expect(harness.run("settings set storefront FRA").status == 0)
    #expect(harness.run("buy pro.monthly --finish --account bob").status == 0)
    func mass(_ request: String, _ codes: [String]?, product: String = "pro.monthly") -> HTTPResponse {
      var body: [(String, JSONValue)] = [
        ("extendByDays", .int(3)), ("extendReasonCode", .int(3)), ("requestIdentifier", .string(request)), ("productId", .string(product)),
      ]
      if let codes { body.append(("storefrontCountryCodes", .array(codes.map(JSONValue.string)))) }
      return send("POST", "/inApps/v1/subscriptions/extend/mass", .object(body))
    }
    #expect(mass("6E1A3C2B-5D4F-4A8B-9C7D-0E1F2A3B4C5D", ["USA"]).jsonBody == .object([("requestIdentifier", .string("6E1A3C2B-5D4F-4A8B-9C7D-0E1F2A3B4C5D"))]))
    let status = try #require(get("/inApps/v1/subscriptions/extend/mass/pro.monthly/6E1A3C2B-5D4F-4A8B-9C7D-0E1F2A3B4C5D").jsonBody)
    #expect(status["complete"] == .bool(true))
    #expect(status["succeededCount"] == .int(1))
    #expect(status["failedCount"] == .int(0))
    #expect(expiry() == "2026-02-18T10:00:00Z")
    #expect(harness.run("subscription status pro.monthly --json --account bob").json["subscriptions"]?.arrayValue?.first?["expirationDate"]
      == .string("2026-02-15T10:00:00Z"), "bob buys in France")
    #expect(mass("6E1A3C2B-5D4F-4A8B-9C7D-0E1F2A3B4C5D", nil).status == 200)
    #expect(expiry() == "2026-02-18T10:00:00Z", "a request identifier used before is not applied again")
    #expect(mass("6E1A3C2B-5D4F-4A8B-9C7D-0E1F2A3B4C5E", nil).status == 200)
    #expect(get("/inApps/v1/subscriptions/extend/mass/pro.monthly/6E1A3C2B-5D4F-4A8B-9C7D-0E1F2A3B4C5E").jsonBody?["succeededCount"] == .int(2))
    let types = harness.run("notifications --json").json["notifications"]?.arrayValue?.map {
      ($0["notificationType"]?.stringValue ?? "") + "/" + ($0["subtype"]?.stringValue ?? "")
    }
    #expect(types?.filter { $0 == "RENEWAL_EXTENSION/SUMMARY" }.count == 2)
    #expect(types?.filter { $0 == "RENEWAL_EXTENDED/" }.count == 3)
    #expect(mass("6E1A3C2B-5D4F-4A8B-9C7D-0E1F2A3B4C5F", nil, product: "sword").jsonBody == ServerAPIError.invalidProductId.json)
    #expect(mass("6E1A3C2B-5D4F-4A8B-9C7D-0E1F2A3B4C5F", []).jsonBody == ServerAPIError.invalidEmptyStorefrontCountryCodeList.json)
    #expect(mass("6E1A3C2B-5D4F-4A8B-9C7D-0E1F2A3B4C5F", ["usa"]).jsonBody == ServerAPIError.invalidStorefrontCountryCode.json)
    #expect(get("/inApps/v1/subscriptions/extend/mass/pro.monthly/6E1A3C2B-5D4F-4A8B-9C7D-0E1F2A3B4C60").jsonBody == ServerAPIError.statusRequestNotFound.json)
    // Apple takes only a UUID as a mass request's identifier, in the request and in its status.
    #expect(mass("m4", nil).jsonBody == ServerAPIError.invalidRequestIdentifier.json)
    #expect(get("/inApps/v1/subscriptions/extend/mass/pro.monthly/m4").jsonBody == ServerAPIError.invalidRequestIdentifier.json)
  }

  @Test func anAppAccountTokenIsSetOnThePurchaseAndItsRenewals() throws {
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    func put(_ id: String, _ token: String) -> HTTPResponse {
      send("PUT", "/inApps/v1/transactions/\(id)/appAccountToken", .object([("appAccountToken", .string(token))]))
    }
    #expect(put("1", "7389A31A-FB6D-4569-A2A6-DB7D85D84813").status == 200)
    func token(of id: String) throws -> JSONValue? {
      let signed = try #require(get("/inApps/v1/transactions/\(id)").jsonBody?["signedTransactionInfo"]?.stringValue)
      return harness.run(["jws", "decode", signed, "--json"]).json["payload"]?["appAccountToken"]
    }
    #expect(try token(of: "1") == .string("7389a31a-fb6d-4569-a2a6-db7d85d84813"))
    harness.now = Timestamp(iso8601: "2026-02-16T10:00:00Z")!
    #expect(try token(of: "2") == .string("7389a31a-fb6d-4569-a2a6-db7d85d84813"), "the renewal carries it on")
    #expect(put("2", "7389A31A-FB6D-4569-A2A6-DB7D85D84813").jsonBody == ServerAPIError.transactionIdIsNotOriginal.json)
    #expect(put("1", "nope").jsonBody == ServerAPIError.invalidAppAccountToken.json)
    #expect(put("9", "7389A31A-FB6D-4569-A2A6-DB7D85D84813").jsonBody == ServerAPIError.originalTransactionIdNotFound.json)
  }
}
