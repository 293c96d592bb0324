import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

@Suite struct QueueCommandTests {
  let harness = TestHarness()

  @Test func showsEveryUnfinishedTransactionOldestFirstAtEveryLaunch() {
    harness.run("buy sword")
    harness.advance(seconds: 1)
    harness.run("buy gems --quantity 2")
    harness.advance(seconds: 1)
    harness.run("buy nope")
    let expected = """
      #1  purchased  sword      2026-01-15T10:00:00Z
      #2  purchased  gems   ×2  2026-01-15T10:00:01Z
      #3  failed     nope       2026-01-15T10:00:02Z  storeProductNotAvailable (5): product 'nope' is not in the catalog

      """
    #expect(harness.run("queue").stdout == expected)
    #expect(harness.run("queue").stdout == expected, "a launch does not consume the queue")
    #expect(harness.run("queue --json").json.transactions.compactMap { $0["id"]?.stringValue } == ["1", "2", "3"])
  }

  @Test func anEmptyStoreHasAnEmptyQueueAndCreatesNoState() {
    let result = harness.run("queue --json")
    #expect(result.status == 0)
    #expect(result.json == .object([("transactions", .array([]))]))
    #expect(harness.read(".iap/store.json") == nil)
  }

  @Test func doesNotNeedTheCatalog() {
    harness.run("buy gems")
    #expect(harness.run("queue --catalog missing.plist").status == 0)
  }
}
