import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

@Suite struct AskToBuyCommandTests {
  let harness = TestHarness()

  init() { harness.run("settings set ask-to-buy on") }

  @Test func aPurchaseIsDeferredWithExitStatus2() {
    let result = harness.run("buy sword --json")
    #expect(result.status == 2)
    #expect(result.json.transactions.map { $0["state"] } == [.string("purchasing"), .string("deferred")])
    #expect(result.json["error"] == nil)
    #expect(result.stderr == "note: transaction 1 is waiting for approval (Ask to Buy): iap approve 1, or iap decline 1\n")
    #expect(harness.run("queue").stdout == "#1  deferred  sword  2026-01-15T10:00:00Z\n")
    #expect(harness.run("finish 1").status == 1, "a deferred transaction cannot be finished")
  }

  @Test func approveMakesItPurchasedAtTheNextLaunch() {
    harness.run("buy pro.monthly")
    harness.advance(seconds: 600)
    let approved = harness.run("approve 1 --json")
    #expect(approved.status == 0)
    let t = approved.json.transactions[0]
    #expect(t["state"] == .string("purchased"))
    #expect(t["purchaseDate"] == .string("2026-01-15T10:10:00Z"))
    #expect(t["expirationDate"] == .string("2026-02-15T10:10:00Z"))
    #expect(harness.run("queue --json").json.transactions.first?["state"] == .string("purchased"))
    #expect(harness.run("entitlements --json").json.transactions.count == 1)
  }

  @Test func declineFailsItAsCancelled() {
    harness.run("buy sword")
    let declined = harness.run("decline 1 --json").json.transactions[0]
    #expect(declined["state"] == .string("failed"))
    #expect(declined["error"]?["name"] == .string("paymentCancelled"))
    #expect(harness.run("queue --json").json.transactions.first?["state"] == .string("failed"))
  }

  @Test func actingOnTheWrongStateSaysWhatStateAndChangesNothing() {
    harness.run("buy sword")
    harness.run("approve 1")
    let log = harness.read(".iap/transactions.log")
    let again = harness.run("approve 1 --json")
    #expect(again.status == 1)
    #expect(again.stderr == "error: transaction 1 is purchased: only a deferred transaction can be approved\n")
    #expect(again.json["error"]?["name"] == .string("wrongState"))
    #expect(harness.run("decline 1").stderr == "error: transaction 1 is purchased: only a deferred transaction can be declined\n")
    #expect(harness.run("approve 42").stderr == "error: unknown transaction '42'\n")
    #expect(harness.read(".iap/transactions.log") == log)
  }

  /// Apple (developer forums thread 706277, "Pending purchases in StoreKit 2"): duplicate Ask
  /// to Buy requests are consolidated, and once approved only one purchase completes.
  @Test func aSecondRequestForTheSameProductJoinsTheFirst() {
    harness.run("buy sword")
    let again = harness.run("buy sword --json")
    #expect(again.status == 2)
    #expect(again.json.transactions.map { $0["id"] } == [.string("1"), .string("1")], "the payment joins request 1")
    #expect(again.json.transactions.map { $0["state"] } == [.string("purchasing"), .string("deferred")])
    #expect(harness.run("queue").stdout == "#1  deferred  sword  2026-01-15T10:00:00Z\n", "one request waits")
    #expect(harness.run("approve 1").status == 0)
    #expect(harness.run("history --json").json.transactions.count == 1, "one purchase")
    let charges = harness.run("notifications --json").json["notifications"]?.arrayValue ?? []
    #expect(charges.filter { $0["notificationType"] == .string("ONE_TIME_CHARGE") }.count == 1)
    let receipt = harness.run("receipt --json").json
    #expect(receipt["in_app"]?.arrayValue?.count == 1)
    // A new request once the first is answered is a request of its own.
    #expect(harness.run("buy gems").status == 2)
    #expect(harness.run("buy gems --json").json.transactions.last?["id"] == .string("2"))
    #expect(harness.run("buy sword --json").json.transactions.last?["state"] == .string("restored"), "sword is owned now")
  }

  @Test func requestsForDifferentProductsStaySeparate() {
    harness.run("buy sword")
    harness.run("buy shield")
    #expect(harness.run("queue --json").json.transactions.map { $0["productId"] } == [.string("sword"), .string("shield")])
  }

  /// Apple (`Product.PurchaseResult.pending`): a pending purchase that succeeds is delivered
  /// as a transaction; one that is declined never is in StoreKit 2. The StoreKit 1 queue shows
  /// it `failed` (as `SKTestSession.declineAskToBuyTransaction` leaves it), and nothing else
  /// remains: no receipt entry, no entitlement, no notification, nothing to restore.
  @Test func aDeclinedRequestLeavesOnlyTheFailedQueueEntry() {
    harness.run("buy sword")
    harness.run("decline 1")
    #expect(harness.run("receipt --json").json["in_app"]?.arrayValue?.isEmpty == true)
    #expect(harness.run("entitlements --json").json.transactions.isEmpty)
    #expect(harness.run("notifications --json").json["notifications"]?.arrayValue?.isEmpty != false)
    harness.run("finish 1")
    #expect(harness.run("restore --json").json["restored"] == .int(0))
    #expect(harness.run("buy sword --json").json.transactions.last?["state"] == .string("deferred"), "a new request")
  }
}
