import Foundation
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPKit
@testable import IAPServer
@testable import IAPFormats
@testable import IAPCrypto
@testable import IAPHTTP

/// The App Store Server API served by iap agrees with Apple's where it once did not, each
/// test naming Apple's rule and where it is written (the doc page, or the model of Apple's
/// App Store Server Library for Python 3.1.2).
@Suite struct ServerFidelityTests: ServerAPITesting {
  let harness: TestHarness
  let keyId: String
  let issuerId: String
  let key: P256.PrivateKey

  init() throws { (harness, keyId, issuerId, key) = try ServerAPIFixture.make() }


  func productIds(_ response: HTTPResponse) -> [String] {
    (response.jsonBody?["signedTransactions"]?.arrayValue ?? []).compactMap { payload($0)?["productId"]?.stringValue }
  }

  /// Get Transaction History V1 page: "excludes finished consumables"; V2
  /// (`/inApps/v2/history`) returns every product type, consumables included.
  @Test func version1LeavesOutFinishedConsumablesAndVersion2ReturnsThem() throws {
    #expect(harness.run("buy gems --finish").status == 0)
    #expect(harness.run("buy sword --finish").status == 0)
    #expect(harness.run("buy gems").status == 0)  // unfinished: in both
    #expect(productIds(get("/inApps/v1/history/1")) == ["sword", "gems"])
    #expect(productIds(get("/inApps/v2/history/1")) == ["gems", "sword", "gems"])
  }

  /// Apple's Python client sends the `revoked` filter as `str(bool)` (api_client.py,
  /// get_transaction_history): `True` and `False` mean what `true` and `false` do.
  @Test func revokedAcceptsPythonsSpellingOfBooleans() throws {
    #expect(harness.run("buy sword --finish").status == 0)
    #expect(harness.run("buy gems").status == 0)
    #expect(harness.run("refund 1").status == 0)
    #expect(productIds(get("/inApps/v2/history/1?revoked=True")) == ["sword"])
    #expect(productIds(get("/inApps/v2/history/1?revoked=False")) == ["gems"])
    #expect(productIds(get("/inApps/v2/history/1?revoked=true")) == ["sword"])
    #expect(get("/inApps/v2/history/1?revoked=yes").jsonBody == ServerAPIError.invalidRevoked.json)
  }

  /// Get Transaction History's `sort` orders "by their recently modified date", and a
  /// `revision` asks for what changed after it: a refund of an old purchase comes again
  /// after the revision a client kept.
  @Test func aTransactionChangedAfterARevisionComesAgainAfterIt() throws {
    #expect(harness.run("buy sword --finish").status == 0)
    #expect(harness.run("buy gems --finish").status == 0)
    let first = try #require(get("/inApps/v2/history/1").jsonBody)
    let revision = try #require(first["revision"]?.stringValue)
    #expect(productIds(get("/inApps/v2/history/1?revision=\(revision)")).isEmpty)
    #expect(harness.run("refund 1").status == 0)
    let after = get("/inApps/v2/history/1?revision=\(revision)")
    #expect(productIds(after) == ["sword"])
    #expect(payload(after.jsonBody?["signedTransactions"]?.arrayValue?.first)?["revocationDate"] != nil)
    #expect(productIds(get("/inApps/v2/history/1")) == ["gems", "sword"], "the refund is the latest change")
    #expect(productIds(get("/inApps/v2/history/1?sort=DESCENDING")) == ["sword", "gems"])
  }

  /// Get App Transaction Info (`GET /inApps/v1/transactions/appTransactions/{id}`, App Store
  /// Server API 1.17; `get_app_transaction_info`): `signedAppTransactionInfo` of the
  /// customer, found by any of its transactions or its appTransactionId; 4040010 for an id
  /// of nothing, 4040019 (AppTransactionDoesNotExistError) when the customer has none.
  @Test func getAppTransactionInfoAnswersTheCustomersAppTransaction() throws {
    #expect(harness.run("buy sword --finish").status == 0)
    #expect(harness.run("buy gems --finish --account bob").status == 0)
    let response = get("/inApps/v1/transactions/appTransactions/1")
    #expect(response.status == 200)
    let app = try #require(payload(response.jsonBody?["signedAppTransactionInfo"]))
    let appTransactionId = try #require(app["appTransactionId"]?.stringValue)
    #expect(app["bundleId"] == .string("com.example.app"))
    #expect(app["deviceVerification"] == nil, "no device asked")
    let transaction = payload(get("/inApps/v1/transactions/1").jsonBody?["signedTransactionInfo"])
    #expect(transaction?["appTransactionId"] == .string(appTransactionId))
    let byAppId = payload(get("/inApps/v1/transactions/appTransactions/\(appTransactionId)").jsonBody?["signedAppTransactionInfo"])
    #expect(byAppId?["appTransactionId"] == .string(appTransactionId))
    let bob = payload(get("/inApps/v1/transactions/appTransactions/2").jsonBody?["signedAppTransactionInfo"])
    #expect(bob?["appTransactionId"] != .string(appTransactionId), "each customer has its own")
    #expect(get("/inApps/v1/transactions/appTransactions/99").jsonBody?["errorCode"] == .int(4_040_010))
    #expect(get("/inApps/v1/transactions/appTransactions/x").jsonBody?["errorCode"] == .int(4_000_006))
    #expect(harness.run("delete 2 --account bob").status == 0)
    let gone = get("/inApps/v1/transactions/appTransactions/2")
    #expect(gone.status == 404)
    #expect(gone.jsonBody?["errorCode"] == .int(4_040_019))
  }

  /// Set App Account Token refuses a family member's transaction with
  /// FamilyTransactionNotSupportedError, 4000185 (APIError in api_client.py).
  @Test func setAppAccountTokenRefusesAFamilySharedTransaction() throws {
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    #expect(harness.run("family add kid").status == 0)
    let body = JSONValue.object([("appAccountToken", .string("7389a31a-fb6d-4569-a2a6-db7d85d84813"))])
    let refused = send("PUT", "/inApps/v1/transactions/2/appAccountToken", body)
    #expect(refused.status == 400)
    #expect(refused.jsonBody?["errorCode"] == .int(4_000_185))
    #expect(send("PUT", "/inApps/v1/transactions/1/appAccountToken", body).status == 200)
  }

  /// Get Refund History lists "only App Store-approved refunds": a family member's share
  /// revoked when the purchaser's refund ended it (FAMILY_REVOKE) is not a refund of the
  /// member's, though history still shows it revoked.
  @Test func refundHistoryLeavesOutAFamilyMembersRevokedShare() throws {
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    #expect(harness.run("family add kid").status == 0)
    #expect(harness.run("refund 1").status == 0)
    let member = try #require(get("/inApps/v2/history/2?revoked=true").jsonBody?["signedTransactions"]?.arrayValue)
    #expect(member.compactMap { payload($0)?["revocationType"]?.stringValue } == ["FAMILY_REVOKE"])
    #expect(get("/inApps/v2/refund/lookup/2").jsonBody?["signedTransactions"]?.arrayValue?.isEmpty == true)
    #expect(productIds(get("/inApps/v2/refund/lookup/1")) == ["pro.monthly"], "the purchaser's refund is listed")
  }

  /// Apple's advice for a server that does not know a transaction's environment: ask
  /// production first, and on 4040010 (TransactionIdNotFoundError) ask sandbox. Reached by
  /// Apple's host names, a Sandbox store is the sandbox App Store: production's host knows
  /// none of its transactions, the old names and the new (`api.storekit.apple.com`) alike.
  @Test func productionsHostDoesNotKnowASandboxTransaction() throws {
    #expect(harness.run("settings set environment Sandbox").status == 0)
    #expect(harness.run("buy sword --finish").status == 0)
    func get(_ target: String, host: String) -> HTTPResponse {
      var headers = HTTPHeaders([("Host", host)])
      headers.add("Authorization", "Bearer " + token())
      return api.respond(HTTPRequest(method: "GET", target: target, headers: headers, body: [])!)
    }
    for host in ["api.storekit.apple.com", "api.storekit.itunes.apple.com:443"] {
      #expect(get("/inApps/v1/transactions/1", host: host).jsonBody == ServerAPIError.transactionNotFound.json)
      #expect(get("/inApps/v2/history/1", host: host).status == 404)
    }
    for host in ["api.storekit-sandbox.apple.com", "api.storekit-sandbox.itunes.apple.com", "127.0.0.1"] {
      #expect(get("/inApps/v1/transactions/1", host: host).status == 200, "\(host)")
    }
  }
}
