import IAPFormats
import IAPStorage
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPKit

/// A long run of subscription events is committed a batch at a time, of `Store.eventBatch`
/// events or what `$IAP_EVENT_BATCH` says (the CLI's clock tests lower it so that a run of
/// several batches is quick to reach, and rely on it being honoured).
@Suite struct EventBatchTests {
  let harness = TestHarness()

  func workspace() -> Workspace {
    Workspace(
      environment: Environment(variables: harness.variables, currentDirectory: harness.directory),
      console: Console(out: { _ in }, err: { _ in }))
  }

  @Test func theBatchIsTheDefaultUnlessAPositiveNumberIsGiven() {
    #expect(workspace().eventBatch == Store.eventBatch)
    for text in ["0", "-3", "many", ""] {
      harness.variables["IAP_EVENT_BATCH"] = text
      #expect(workspace().eventBatch == Store.eventBatch, "IAP_EVENT_BATCH=\(text)")
    }
    harness.variables["IAP_EVENT_BATCH"] = "100"
    #expect(workspace().eventBatch == 100)
  }

  @Test func aRunIsCommittedInBatchesOfTheGivenSize() throws {
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    harness.variables["IAP_EVENT_BATCH"] = "100"
    let workspace = workspace()
    var opened = try workspace.openStore(forWriting: true)
    defer { opened.session.close() }
    var batches = 0
    // 250 monthly renewals: two batches of 100, then one of 50.
    let reached = try workspace.runTime(
      &opened.store, to: opened.now.adding(CalendarPeriod(months: 250)), in: opened.session, budget: workspace.eventBudget
    ) { _ in batches += 1 }
    #expect(reached)
    #expect(batches == 3)
  }
}
