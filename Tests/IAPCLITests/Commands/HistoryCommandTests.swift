import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

@Suite struct HistoryCommandTests {
  let harness = TestHarness()

  @Test func listsFinishedAndUnfinishedInTheirLatestState() {
    harness.run("buy gems --finish")
    harness.run("buy sword")
    let result = harness.run("history")
    #expect(result.stdout == """
      #1  purchased  gems   2026-01-15T10:00:00Z  finished
      #2  purchased  sword  2026-01-15T10:00:00Z  unfinished

      """)
    #expect(harness.run("history --json").json.transactions.count == 2)
  }
}
