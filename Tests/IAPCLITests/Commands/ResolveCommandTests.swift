import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

@Suite struct ResolveCommandTests {
  let harness = TestHarness()

  @Test func anInterruptedPurchaseFailsUntilResolved() {
    harness.run("settings set interrupted-purchases on")
    let failed = harness.run("buy sword --json")
    #expect(failed.status == 1)
    #expect(failed.json.transactions[1]["error"]?["name"] == .string("paymentCancelled"))
    #expect(failed.json["error"]?["name"] == .string("paymentCancelled"))
    harness.run("finish 1")
    harness.advance(seconds: 60)
    let resolved = harness.run("resolve 1 --json")
    #expect(resolved.status == 0)
    let purchase = resolved.json.transactions[0]
    #expect(purchase["id"] == .string("2"))
    #expect(purchase["state"] == .string("purchased"))
    #expect(purchase["purchaseDate"] == .string("2026-01-15T10:01:00Z"))
    #expect(harness.run("queue --json").json.transactions.map { $0["id"] } == [.string("2")])
  }

  @Test func resolvingATransactionWithoutAnIssueIsRefused() {
    harness.run("buy sword")
    let log = harness.read(".iap/transactions.log")
    let result = harness.run("resolve 1")
    #expect(result.status == 1)
    #expect(result.stderr == "error: transaction 1 is purchased: it has no purchase issue to resolve\n")
    #expect(harness.read(".iap/transactions.log") == log)
  }
}
