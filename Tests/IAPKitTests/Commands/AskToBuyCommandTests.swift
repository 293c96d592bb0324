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
}
