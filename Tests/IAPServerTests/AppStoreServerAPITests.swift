import Foundation
import IAPStorage
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPKit
@testable import IAPServer
@testable import IAPFormats
@testable import IAPCrypto
@testable import IAPHTTP

/// The App Store Server API answers Apple's requests, authorized as Apple
/// authorizes them, in Apple's shapes and errors (routes called in process here; over HTTP
/// with Apple's own client in scripts/e2e/serve.sh).
@Suite struct AppStoreServerAPITests: ServerAPITesting {
  let harness: TestHarness
  let keyId: String
  let issuerId: String
  let key: P256.PrivateKey

  init() throws { (harness, keyId, issuerId, key) = try ServerAPIFixture.make() }

  @Test func getTransactionInfoSignsTheTransactionOfAnyCustomer() throws {
    #expect(harness.run("buy sword --finish --account alice").status == 0)
    let response = get("/inApps/v1/transactions/1")
    #expect(response.status == 200)
    let signed = try #require(response.jsonBody?["signedTransactionInfo"]?.stringValue)
    let decoded = harness.run(["jws", "decode", signed, "--json"]).json
    #expect(decoded["payload"]?["productId"] == .string("sword"))
    #expect(get("/inApps/v1/transactions/7").jsonBody == ServerAPIError.transactionNotFound.json)
    #expect(get("/inApps/v1/transactions/7").status == 404)
    #expect(get("/inApps/v1/transactions/x1").jsonBody?["errorCode"] == .int(4_000_006))
  }

  /// Version 2 returns every product type; version 1 leaves out finished consumables
  /// (ServerFidelityTests), so the paging is checked on version 2.
  @Test func historyPagesByTwentyAndVersion1LeavesOutFinishedConsumables() throws {
    for _ in 0..<23 { #expect(harness.run("buy gems --finish").status == 0) }
    #expect(harness.run("buy sword").status == 0)
    #expect(harness.run("buy gems --account bob").status == 0)
    let first = try #require(get("/inApps/v2/history/24").jsonBody)
    #expect(first["signedTransactions"]?.arrayValue?.count == 20)
    #expect(first["hasMore"] == .bool(true))
    #expect(first["bundleId"] == .string("com.example.app"))
    #expect(first["environment"] == .string("LocalTesting"))
    let revision = try #require(first["revision"]?.stringValue)
    let second = try #require(get("/inApps/v2/history/24?revision=\(revision)").jsonBody)
    #expect(second["signedTransactions"]?.arrayValue?.count == 4, "the account's other purchases; not bob's")
    #expect(second["hasMore"] == .bool(false))
    let v1 = try #require(get("/inApps/v1/history/24").jsonBody)
    #expect(v1["signedTransactions"]?.arrayValue?.count == 1, "finished consumables are left out")
    let descending = try #require(get("/inApps/v1/history/1?sort=DESCENDING&productType=NON_CONSUMABLE").jsonBody)
    #expect(descending["signedTransactions"]?.arrayValue?.count == 1)
    #expect(get("/inApps/v1/history/1?sort=SIDEWAYS").jsonBody == ServerAPIError.invalidSort.json)
    #expect(get("/inApps/v1/history/1?revision=abc").jsonBody == ServerAPIError.invalidRevision.json)
    #expect(get("/inApps/v1/history/1?productType=GIFT").jsonBody == ServerAPIError.invalidProductType.json)
    #expect(get("/inApps/v2/history/1?productId=").jsonBody == ServerAPIError.invalidProductId.json)
    #expect(get("/inApps/v2/history/1?subscriptionGroupIdentifier=").jsonBody == ServerAPIError.invalidSubscriptionGroupIdentifier.json)
    #expect(get("/inApps/v2/history/1?productId=sword&productId=").jsonBody == ServerAPIError.invalidProductId.json)
    #expect(get("/inApps/v1/history/1?startDate=5&endDate=5").jsonBody == ServerAPIError.startDateAfterEndDate.json)
  }

  @Test func subscriptionStatusesGiveEachGroupsLatestTransactionAndRenewalInfo() throws {
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    let body = try #require(get("/inApps/v1/subscriptions/1").jsonBody)
    let group = try #require(body["data"]?.arrayValue?.first)
    #expect(group["subscriptionGroupIdentifier"] == .string("pro"))
    let last = try #require(group["lastTransactions"]?.arrayValue?.first)
    #expect(last["status"] == .int(1))
    #expect(last["originalTransactionId"] == .string("1"))
    #expect(last["signedRenewalInfo"]?.stringValue != nil)
    #expect(get("/inApps/v1/subscriptions/1?status=2").jsonBody?["data"]?.arrayValue?.isEmpty == true)
    #expect(get("/inApps/v1/subscriptions/1?status=9").jsonBody == ServerAPIError.invalidStatus.json)
  }

  @Test func anOrderIdFromHistoryLooksUpItsTransaction() throws {
    #expect(harness.run("buy gems").status == 0)
    let buy = harness.run("buy sword --finish --json").json
    let orderId = try #require(buy.transactions.last?["orderId"]?.stringValue)
    #expect(orderId == "MK00000002")
    let body = try #require(get("/inApps/v1/lookup/\(orderId)").jsonBody)
    #expect(body["status"] == .int(0))
    let signed = try #require(body["signedTransactions"]?.arrayValue?.first?.stringValue)
    #expect(harness.run(["jws", "decode", signed, "--json"]).json["payload"]?["productId"] == .string("sword"))
    for unknown in ["MK00000009", "MK0000002", "ZZ00000002", "MK0000000a"] {
      #expect(get("/inApps/v1/lookup/\(unknown)").jsonBody?["status"] == .int(1), "\(unknown)")
    }
    #expect(OrderId.transactionId(OrderId.of(UInt64.max)) == UInt64.max)
  }

  @Test func refundHistoryListsTheCustomersRefundedPurchases() throws {
    #expect(harness.run("buy sword --finish").status == 0)
    #expect(harness.run("buy gems --finish").status == 0)
    #expect(get("/inApps/v2/refund/lookup/1").jsonBody?["signedTransactions"]?.arrayValue?.isEmpty == true)
    #expect(harness.run("refund 1").status == 0)
    let body = try #require(get("/inApps/v2/refund/lookup/2").jsonBody)
    let refunded = try #require(body["signedTransactions"]?.arrayValue?.first?.stringValue)
    let payload = harness.run(["jws", "decode", refunded, "--json"]).json["payload"]
    #expect(payload?["transactionId"] == .string("1"))
    #expect(payload?["revocationDate"] != nil)
    #expect(body["hasMore"] == .bool(false))
    #expect(get("/inApps/v2/refund/lookup/9").status == 404)
  }

  /// The legacy endpoint needs no token: the shared secret is its password. Receipt data is
  /// the sandbox's, so production answers 21007, as Apple does.
  @Test func verifyReceiptAnswersAsTheLegacyEndpoints() throws {
    #expect(harness.run("buy sword --finish").status == 0)
    let data = harness.run("receipt --base64").stdout.trimmingWhitespace
    func post(_ path: String, _ body: String) -> JSONValue? {
      let request = HTTPRequest(method: "POST", target: path, headers: HTTPHeaders([("Host", "127.0.0.1")]), body: Array(body.utf8))!
      return api.respond(request).jsonBody
    }
    let body = JSONWriter.compact(.object([("receipt-data", .string(data))]))
    #expect(post("/verifyReceipt", body)?["status"] == .int(21007))
    let sandbox = post("/sandbox/verifyReceipt", body)
    #expect(sandbox?["status"] == .int(0))
    #expect(sandbox?["receipt"]?["bundle_id"] == .string("com.example.app"))
    #expect(post("/sandbox/verifyReceipt", "not json")?["status"] == .int(21002))
  }

  @Test func everyRequestNeedsAValidTokenFromARegisteredKey() throws {
    #expect(harness.run("buy sword --finish").status == 0)
    let now = harness.now.milliseconds / 1000
    let stranger = P256.PrivateKey(seed: Array("stranger".utf8))
    let refused: [(String, String)] = [
      ("a key never registered", token(kid: "NOTAKEY123")),
      ("a signature by another key", token(signer: stranger)),
      ("another audience", token([("aud", .string("appstoreconnect-v2"))])),
      ("another bundle", token([("bid", .string("com.example.other"))])),
      ("another issuer", token([("iss", .string("not-the-issuer"))])),
      ("expired", token([("exp", .int(now - 1))])),
      ("more than 60 minutes away", token([("exp", .int(now + 3601))])),
      ("no exp", token([("exp", nil)])),
      ("issued more than a minute ahead", token([("iat", .int(now + 61))])),
      ("an iat that is not a number", token([("iat", .string("soon"))])),
      ("not a JWT", "garbage"),
    ]
    for (what, bad) in refused {
      #expect(get("/inApps/v1/transactions/1", token: bad).status == 401, "\(what)")
    }
    var headers = HTTPHeaders([("Host", "127.0.0.1")])
    headers.add("Authorization", "Basic abc")
    #expect(api.respond(HTTPRequest(method: "GET", target: "/inApps/v1/transactions/1", headers: headers)!).status == 401)
    #expect(get("/inApps/v1/transactions/1").status == 200)
    #expect(harness.run("keys remove \(keyId)").status == 0)
    #expect(get("/inApps/v1/transactions/1").status == 401, "a removed key no longer authorizes")
  }

  /// Apple allows a minute of clock skew in `iat`, and RFC 9110 the scheme's name in any case.
  @Test func aTokenMayBeIssuedAMinuteAheadAndItsSchemeBeInAnyCase() throws {
    #expect(harness.run("buy sword --finish").status == 0)
    let now = harness.now.milliseconds / 1000
    #expect(get("/inApps/v1/transactions/1", token: token([("iat", .int(now + 60))])).status == 200)
    #expect(get("/inApps/v1/transactions/1", token: token([("iat", nil)])).status == 200, "iat is not required")
    for scheme in ["bearer", "BEARER", "Bearer  "] {
      var headers = HTTPHeaders([("Host", "127.0.0.1")])
      headers.add("Authorization", scheme + " " + token())
      #expect(api.respond(HTTPRequest(method: "GET", target: "/inApps/v1/transactions/1", headers: headers)!).status == 200, "\(scheme)")
    }
  }

  @Test func theStoresOwnFailuresAre500NeverA401() throws {
    #expect(get("/inApps/v1/transactions/1").status == 404, "authorized: no such transaction")
    let keys = try #require(harness.read(".iap/keys.json"))
    harness.write(".iap/keys.json", "{\"issuerId\": 3")
    let damaged = get("/inApps/v1/transactions/1")
    #expect(damaged.status == 500)
    #expect(damaged.jsonBody?["errorCode"] == .int(5_000_000))
    #expect(damaged.log?.contains("keys.json") == true, "the cause is logged")
    harness.write(".iap/keys.json", keys)
    harness.write("catalog.plist", "not a catalog")
    #expect(get("/inApps/v1/transactions/1").status == 500)
    #expect(get("/inApps/v1/transactions/1", token: "garbage").status == 401, "a wrong token is still a 401")
  }

  @Test func unknownPathsAndMethodsAreNotFound() {
    #expect(get("/inApps/v1/nothing/1").status == 404)
    #expect(get("/elsewhere").status == 404)
    var headers = HTTPHeaders([("Host", "127.0.0.1")])
    headers.add("Authorization", "Bearer " + token())
    #expect(api.respond(HTTPRequest(method: "DELETE", target: "/inApps/v1/transactions/1", headers: headers)!).status == 404)
  }
}
