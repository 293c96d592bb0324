import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

@Suite struct DeleteCommandTests {
  let harness = TestHarness()

  @Test func deleteRemovesATransactionAndItsRestores() {
    harness.run("buy sword --finish")
    harness.run("buy gems --finish")
    harness.run("restore")
    let deleted = harness.run("delete 1 --json")
    #expect(deleted.status == 0)
    #expect(deleted.json.transactions.compactMap { $0["id"]?.stringValue } == ["1", "3"])
    #expect(harness.run("history --json").json.transactions.compactMap { $0["id"]?.stringValue } == ["2"])
    #expect(harness.run("queue").stdout == "")
    #expect(harness.run("delete 1").status == 1)
  }

  @Test func clearRemovesTheAccountsTransactionsOnly() {
    harness.run("buy sword")
    harness.run("buy sword --account bob")
    #expect(harness.run("clear").stdout == "cleared every transaction of account 'default'\n")
    #expect(harness.run("history").stdout == "")
    #expect(harness.run("history --account bob --json").json.transactions.count == 1)
    #expect(harness.run("buy gems --json").json.transactions[1]["id"] == .string("3"), "ids keep increasing")
  }
}
