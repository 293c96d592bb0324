import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

@Suite struct RefundCommandTests {
  let harness = TestHarness()

  @Test func aRefundSetsTheRevocationAndRemovesTheEntitlement() {
    harness.run("buy sword --finish")
    harness.run("buy pro.monthly --finish")
    harness.advance(seconds: 3600)
    let refunded = harness.run("refund 1 --reason developerIssue --json")
    #expect(refunded.status == 0)
    let t = refunded.json.transactions[0]
    #expect(t["revocationDate"] == .string("2026-01-15T11:00:00Z"))
    #expect(t["revocationReason"] == .string("developerIssue"))
    #expect(harness.run("refund 2").stdout.contains("refunded 2026-01-15T11:00:00Z (other)"))
    #expect(harness.run("entitlements --json").json.transactions.isEmpty)
    #expect(harness.run("history --json").json.transactions.allSatisfy { $0["revocationDate"] != .null })
    #expect(harness.run("restore").stdout == "restore finished: 0 restored\n")
  }

  @Test func refusedRefundsChangeNothing() {
    harness.run("buy sword")
    harness.run("refund 1")
    let log = harness.read(".iap/transactions.log")
    #expect(harness.run("refund 1").stderr == "error: transaction 1 is already refunded\n")
    #expect(harness.run("refund 7").stderr == "error: unknown transaction '7'\n")
    #expect(harness.run("refund 1 --reason oops").status == 64)
    #expect(harness.read(".iap/transactions.log") == log)
  }
}
