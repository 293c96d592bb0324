import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

@Suite struct RestoreCommandTests {
  let harness = TestHarness()

  @Test func restoresNonConsumablesAndSubscriptionsButNeverConsumables() {
    for id in ["gems", "sword", "pass", "pro.monthly"] { harness.run("buy \(id) --finish") }
    harness.advance(seconds: 3600)
    let result = harness.run("restore")
    #expect(result.status == 0)
    #expect(result.stdout == """
      #5  restored  sword        2026-01-15T11:00:00Z  original #2 (2026-01-15T10:00:00Z)
      #6  restored  pro.monthly  2026-01-15T11:00:00Z  original #4 (2026-01-15T10:00:00Z)  expires 2026-02-15T10:00:00Z
      restore finished: 2 restored

      """)
    #expect(harness.run("queue --json").json.transactions.compactMap { $0["state"]?.stringValue } == ["restored", "restored"])
  }

  @Test func jsonCountsTheRestored() {
    harness.run("buy sword --finish")
    let json = harness.run("restore --json").json
    #expect(json["restored"] == .int(1))
    #expect(json.transactions.first?["originalId"] == .string("1"))
  }

  @Test func nothingToRestoreIsStillSuccess() {
    harness.run("buy gems --finish")
    let result = harness.run("restore")
    #expect(result.status == 0)
    #expect(result.stdout == "restore finished: 0 restored\n")
  }

  /// Apple (`SKPaymentQueue.restoreCompletedTransactions()`): "The payment queue delivers a
  /// new transaction for each previously completed transaction that can be restored", each
  /// with `original` the transaction it restores. A monthly purchase and two renewals, all
  /// finished, give three; a second restore gives the same three again, never restores.
  @Test func everyCompletedPurchaseAndRenewalIsRestored() {
    harness.run("clock set 2026-01-15T10:00:00Z")
    harness.run("buy pro.monthly --finish")
    harness.run("clock advance 2M")
    #expect(harness.run("finish --all").status == 0)
    let json = harness.run("restore --json").json
    #expect(json["restored"] == .int(3))
    #expect(json.transactions.map { $0["originalId"] } == [.string("1"), .string("2"), .string("3")])
    #expect(json.transactions.map { $0["originalPurchaseDate"] } == [
      .string("2026-01-15T10:00:00Z"), .string("2026-02-15T10:00:00Z"), .string("2026-03-15T10:00:00Z"),
    ])
    #expect(json.transactions.map { $0["expirationDate"] }.last == .string("2026-04-15T10:00:00Z"))
    // They wait in the queue; the receipt and the entitlements do not change.
    #expect(harness.run("queue --json").json.transactions.count == 3)
    #expect(harness.run("entitlements --json").json.transactions.map { $0["id"] } == [.string("3")])
    #expect(harness.run("receipt --json").json["in_app"]?.arrayValue?.count == 3, "restored transactions are not in the receipt")
    harness.run("finish --all")
    let again = harness.run("restore --json").json
    #expect(again["restored"] == .int(3))
    #expect(again.transactions.map { $0["originalId"] } == [.string("1"), .string("2"), .string("3")])
  }

  @Test func unfinishedAndRefundedTransactionsAreNotRestored() {
    harness.run("clock set 2026-01-15T10:00:00Z")
    harness.run("buy sword --finish")
    harness.run("buy shield --finish")
    harness.run("refund 2")
    harness.run("buy pro.monthly")
    #expect(harness.run("restore --json").json.transactions.map { $0["productId"] } == [.string("sword")])
  }
}
