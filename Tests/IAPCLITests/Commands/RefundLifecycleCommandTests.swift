import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

/// `refund-request`, `refund-decline` and `refund-reverse`: a refund's life as the App Store
/// Server Notifications tell it (Apple's notificationType page: CONSUMPTION_REQUEST,
/// REFUND_DECLINED, REFUND, REFUND_REVERSED).
@Suite struct RefundLifecycleCommandTests {
  let harness = TestHarness()

  @Test func aConsumableRefundRequestSendsConsumptionRequestWithTheReason() throws {
    harness.run("buy gems --finish")
    harness.advance(seconds: 60)
    let result = harness.run("refund-request 1 --reason UNINTENDED_PURCHASE --json")
    #expect(result.status == 0)
    let request = try #require(result.json.transactions.first?["refundRequest"])
    #expect(request["status"] == .string("pending"))
    #expect(request["reason"] == .string("UNINTENDED_PURCHASE"))
    #expect(request["date"] == .string("2026-01-15T10:01:00Z"))
    #expect(result.json.transactions.first?["revocationDate"] == .null, "a request refunds nothing yet")
    let last = try #require(harness.notificationPayloads().last)
    #expect(last["notificationType"] == .string("CONSUMPTION_REQUEST"))
    // consumptionRequestReason is in `data` (App Store Server Notifications 2.11).
    #expect(last["data"]?["consumptionRequestReason"] == .string("UNINTENDED_PURCHASE"))
    #expect(last["data"]?["transaction"]?["transactionId"] == .string("1"))
  }

  @Test func theDefaultReasonIsOtherAndASubscriptionGetsAConsumptionRequestToo() {
    harness.run("buy pro.monthly --finish")
    harness.run("refund-request 1")
    let last = harness.notificationPayloads().last
    #expect(last?["notificationType"] == .string("CONSUMPTION_REQUEST"))
    #expect(last?["data"]?["consumptionRequestReason"] == .string("OTHER"))
  }

  @Test func aNonConsumableRequestSendsNoConsumptionRequest() {
    // Apple sends CONSUMPTION_REQUEST for consumables and auto-renewable subscriptions
    // (consumptionRequestReason page); the request is still recorded.
    harness.run("buy sword --finish")
    let before = harness.notificationTypes()
    #expect(harness.run("refund-request 1").stdout.contains("refund requested (OTHER"))
    #expect(harness.notificationTypes() == before)
    #expect(harness.run("history --json").json.transactions[0]["refundRequest"]?["status"] == .string("pending"))
  }

  @Test func aDeclinedRequestLeavesThePurchaseAndSendsRefundDeclined() {
    harness.run("buy sword --finish")
    harness.run("refund-request 1 --reason FULFILLMENT_ISSUE")
    let declined = harness.run("refund-decline 1 --json")
    #expect(declined.status == 0)
    #expect(declined.json.transactions[0]["refundRequest"]?["status"] == .string("declined"))
    #expect(harness.notificationTypes().last == "REFUND_DECLINED")
    #expect(harness.run("entitlements --json").json.transactions.count == 1)
    // Declined, it is no longer under review: another decline is refused; a new request is not.
    #expect(harness.run("refund-decline 1").status == 1)
    #expect(harness.run("refund-request 1").status == 0)
  }

  @Test func grantingARequestMarksItGrantedAndSendsRefund() {
    harness.run("buy gems --finish")
    harness.run("refund-request 1")
    let refunded = harness.run("refund 1 --json").json.transactions[0]
    #expect(refunded["refundRequest"]?["status"] == .string("granted"))
    #expect(refunded["revocationDate"] != .null)
    #expect(harness.notificationTypes().suffix(2) == ["CONSUMPTION_REQUEST", "REFUND"])
    #expect(harness.run("refund-decline 1").stderr.contains("has no refund request under review"))
  }

  @Test func aReversedRefundGivesTheProductBack() {
    harness.run("buy sword --finish")
    harness.run("refund 1")
    #expect(harness.run("entitlements --json").json.transactions.isEmpty)
    harness.advance(seconds: 3600)
    let reversed = harness.run("refund-reverse 1 --json")
    #expect(reversed.status == 0)
    let t = reversed.json.transactions[0]
    #expect(t["revocationDate"] == .null)
    #expect(t["revocationReason"] == .null)
    #expect(t["refundReversalDate"] == .string("2026-01-15T11:00:00Z"))
    #expect(harness.run("entitlements --json").json.transactions.map { $0["id"] } == [.string("1")])
    let last = harness.notificationPayloads().last
    #expect(last?["notificationType"] == .string("REFUND_REVERSED"))
    #expect(last?["data"]?["transaction"]?["revocationDate"] == nil, "the reinstated transaction is no longer revoked")
    // Buying it again is a restore of the owned product, not a new purchase.
    #expect(harness.run("buy sword --json").json.transactions.last?["state"] == .string("restored"))
  }

  @Test func aReversedSubscriptionRefundReactivatesItUntilItsExpiration() {
    harness.run("buy pro.monthly --finish")
    harness.run("refund 1")
    #expect(harness.run("subscription status --json").json["subscriptions"]?.arrayValue?.first?["state"] == .string("revoked"))
    harness.run("refund-reverse 1")
    let status = harness.run("subscription status --json").json["subscriptions"]?.arrayValue?.first
    #expect(status?["state"] == .string("subscribed"))
    #expect(status?["autoRenewStatus"] == .bool(false), "the refund turned auto-renew off; the reversal leaves it so")
    #expect(harness.run("entitlements --json").json.transactions.count == 1)
  }

  @Test func refusalsNameWhatIsWrongAndChangeNothing() {
    harness.run("buy sword")
    harness.run("refund-request 1")
    let log = harness.read(".iap/transactions.log")
    #expect(harness.run("refund-request 1").stderr.contains("already has a refund request under review"))
    #expect(harness.run("refund-reverse 1").stderr == "error: transaction 1 is not refunded: only a granted refund can be reversed\n")
    #expect(harness.run("refund-request 9").stderr == "error: unknown transaction '9'\n")
    #expect(harness.run("refund-request 1 --reason sorry").status == 64)
    #expect(harness.read(".iap/transactions.log") == log)
    harness.run("refund 1")
    #expect(harness.run("refund-request 1").stderr == "error: transaction 1 is already refunded\n")
  }

  @Test func theRequestSurvivesAcrossProcessesAndSnapshots() {
    harness.run("buy gems")
    harness.run("refund-request 1 --reason LEGAL")
    // Enough purchases to make the store write store.json past the request.
    for _ in 0..<40 { harness.run("buy gems --finish") }
    #expect(harness.read(".iap/store.json") != nil)
    let queued = harness.run("queue --json").json.transactions.first
    #expect(queued?["refundRequest"]?["reason"] == .string("LEGAL"))
    #expect(harness.run("refund-decline 1").status == 0)
  }
}
