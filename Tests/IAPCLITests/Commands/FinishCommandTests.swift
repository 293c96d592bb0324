import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

@Suite struct FinishCommandTests {
  let harness = TestHarness()

  @Test func removesTheTransactionsAndPrintsThem() {
    harness.run("buy gems")
    harness.run("buy sword")
    let result = harness.run("finish 2 1")
    #expect(result.status == 0)
    // In the order asked for.
    #expect(result.stdout == "#2  purchased  sword  2026-01-15T10:00:00Z\n#1  purchased  gems   2026-01-15T10:00:00Z\n")
    #expect(harness.run("queue").stdout == "")
  }

  /// `finish '#1'` takes the id as `iap queue` prints it, like every other command.
  @Test func takesTheIdAsTheQueuePrintsIt() {
    harness.run("buy gems")
    let result = harness.run(["finish", "#1"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(harness.run("queue").stdout == "")
    #expect(harness.run(["finish", "#x"]).stderr.contains("unknown transaction '#x'"))
  }

  @Test func isAllOrNothing() {
    harness.run("buy gems")
    harness.run("buy sword")
    let before = harness.read(".iap/transactions.log")
    let result = harness.run("finish 1 7")
    #expect(result.status == 1)
    #expect(result.stderr == "error: unknown transaction '7'\n")
    #expect(harness.read(".iap/transactions.log") == before)
    #expect(harness.run("queue --json").json.transactions.count == 2)
  }

  @Test func anAlreadyFinishedIdIsAnErrorThatSaysSo() {
    harness.run("buy gems --finish")
    let result = harness.run("finish 1 --json")
    #expect(result.status == 1)
    #expect(result.stderr == "error: transaction 1 is not in the payment queue: it is already finished\n")
    #expect(result.json["error"]?["name"] == .string("notInQueue"))
    #expect(harness.run("finish abc").stderr == "error: unknown transaction 'abc'\n")
  }

  @Test func finishAllEmptiesTheQueueAndThenHasNothingToFinish() {
    harness.run("buy gems")
    harness.run("buy nope")
    #expect(harness.run("finish --all --json").json.transactions.count == 2)
    let again = harness.run("finish --all")
    #expect(again.status == 1)
    #expect(again.stderr == "error: nothing to finish: the payment queue is empty\n")
  }

  @Test func needsIdsOrAllButNotBoth() {
    #expect(harness.run("finish").status == 64)
    #expect(harness.run("finish 1 --all").status == 64)
  }
}
