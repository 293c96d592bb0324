import Foundation
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPKit
@testable import IAPServer
@testable import IAPFormats
@testable import IAPCrypto
@testable import IAPHTTP

/// Finish Transaction (`POST /inApps/v1/transactions/{transactionId}/finish`, App
/// Store Server API 1.20, Apple's page "Finish Transaction": "Notifies the App Store server
/// that your system has finished processing the customer's transaction"; the Python
/// library 3.1.2's `finish_transaction` expects an empty answer), and `anyTransactionId`
/// (`any_transaction_id` in the same library: "Any transactionId, originalTransactionId, or
/// appTransactionId that belongs to the customer" for history, statuses, refund history and
/// app transaction info; Get Transaction Info takes a `transaction_id` and answers an app
/// transaction id with AppTransactionIdNotSupportedError, 4000048).
@Suite struct ServerFinishTransactionTests: ServerAPITesting {
  let harness: TestHarness
  let keyId: String
  let issuerId: String
  let key: P256.PrivateKey

  init() throws { (harness, keyId, issuerId, key) = try ServerAPIFixture.make() }


  /// The customer's app transaction id, as its transactions carry it.
  func appTransactionId(of id: Int) throws -> String {
    try #require(payload(get("/inApps/v1/transactions/\(id)").jsonBody?["signedTransactionInfo"])?["appTransactionId"]?.stringValue)
  }

  @Test func finishTakesTheTransactionOutOfTheQueueAsFinishDoes() throws {
    #expect(harness.run("buy gems").status == 0)
    #expect(harness.run("buy sword").status == 0)
    #expect(harness.run("queue --json").json.transactions.count == 2)
    let answer = send("POST", "/inApps/v1/transactions/1/finish")
    #expect(answer.status == 200)
    #expect(answer.body.isEmpty)
    let left = harness.run("queue --json").json.transactions
    #expect(left.count == 1)
    #expect(left.first?["productId"] == .string("sword"))
    #expect(send("POST", "/inApps/v1/transactions/1/finish").status == 200, "finishing twice changes nothing")
    #expect(harness.run("finish 1").status != 0, "the app finds it finished")
    // A finished consumable leaves Get Transaction History V1, as one the app finished does.
    let history = get("/inApps/v1/history/2").jsonBody?["signedTransactions"]?.arrayValue ?? []
    #expect(history.compactMap { payload($0)?["productId"]?.stringValue } == ["sword"])
  }

  @Test func finishRefusesWhatTheServerCannotHaveSeen() throws {
    #expect(harness.run("buy gems").status == 0)
    #expect(send("POST", "/inApps/v1/transactions/99/finish").jsonBody?["errorCode"] == .int(4_040_010))
    #expect(send("POST", "/inApps/v1/transactions/x/finish").jsonBody?["errorCode"] == .int(4_000_006))
    let appId = try appTransactionId(of: 1)
    let refused = send("POST", "/inApps/v1/transactions/\(appId)/finish")
    #expect(refused.status == 400)
    #expect(refused.jsonBody?["errorCode"] == .int(4_000_048))
    #expect(harness.run("queue --json").json.transactions.count == 1, "a refusal finishes nothing")
  }

  @Test func finishActsOnAnyCustomersDevice() throws {
    #expect(harness.run("buy sword --account bob --device ipad").status == 0)
    #expect(send("POST", "/inApps/v1/transactions/1/finish").status == 200)
    #expect(harness.run("queue --json --account bob --device ipad").json.transactions.isEmpty)
  }

  @Test func getTransactionInfoAnswersAnAppTransactionIdWith4000048() throws {
    #expect(harness.run("buy sword --finish").status == 0)
    let appId = try appTransactionId(of: 1)
    let refused = get("/inApps/v1/transactions/\(appId)")
    #expect(refused.status == 400)
    #expect(refused.jsonBody?["errorCode"] == .int(4_000_048))
    #expect(get("/inApps/v1/transactions/12345678").jsonBody?["errorCode"] == .int(4_040_010))
  }

  @Test func historyStatusesAndRefundsTakeAnAppTransactionId() throws {
    #expect(harness.run("buy sword --finish").status == 0)
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    #expect(harness.run("refund 1").status == 0)
    #expect(harness.run("buy gems --finish --account bob").status == 0)
    let appId = try appTransactionId(of: 2)
    let history = get("/inApps/v2/history/\(appId)").jsonBody?["signedTransactions"]?.arrayValue ?? []
    #expect(Set(history.compactMap { payload($0)?["productId"]?.stringValue }) == ["sword", "pro.monthly"], "alice's, not bob's")
    let statuses = get("/inApps/v1/subscriptions/\(appId)").jsonBody?["data"]?.arrayValue ?? []
    #expect(statuses.count == 1)
    let refunds = get("/inApps/v2/refund/lookup/\(appId)").jsonBody?["signedTransactions"]?.arrayValue ?? []
    #expect(refunds.compactMap { payload($0)?["productId"]?.stringValue } == ["sword"])
  }
}
