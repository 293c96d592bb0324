import Foundation
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCatalog
@testable import IAPCore
@testable import IAPFormats
@testable import IAPKit

/// Repeated `clock advance 1000000y` would overflow 64-bit milliseconds, and one such advance
/// with a monthly subscription would run for ever after writing the clock, so that every
/// later command hung too. So the clock stays in the years 0000 to 9999, a move is run in
/// memory before anything is written, and no command makes more than its event budget
/// (`Store.eventBudget`, 250,000; these tests lower it to 10,000 or 250 with
/// `IAP_EVENT_BUDGET`, and the batch of events committed at once, `Store.eventBatch`, to 100
/// with `IAP_EVENT_BATCH`, so that a move past them is quick to reach).
@Suite struct ClockBoundsTests {
  let harness = TestHarness()

  /// The state's files, byte for byte: a refused move must leave them as they were.
  func stateFiles() -> [String: Data] {
    let folder = harness.directory + "/.iap"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    var files: [String: Data] = [:]
    for name in names where name != "lock" { files[name] = FileManager.default.contents(atPath: folder + "/" + name) }
    return files
  }

  @Test func aMovePastYear9999IsRefusedAndChangesNothing() {
    #expect(harness.run("buy pro.monthly").status == 0)
    let before = stateFiles()
    for _ in 0..<3 {
      let result = harness.run("clock advance 1000000y")
      #expect(result.status == 64)
      #expect(result.stderr.hasPrefix(
        "error: the clock can only show dates from 0000-01-01T00:00:00Z to 9999-12-31T23:59:59Z: the move would leave them\n"))
    }
    #expect(stateFiles() == before)
    #expect(harness.run("queue").status == 0, "later commands still work")
  }

  /// A refused move prints the usage of the command given, not `usage: iap clock`.
  @Test func aRefusedMoveShowsTheUsageOfTheCommandGiven() {
    #expect(harness.run("clock advance 1000000y").stderr.contains("usage: iap clock advance <duration>\n"))
    #expect(harness.run("clock set 2026-01-20T00:00:00Z").status == 0)
    #expect(harness.run("buy gems").status == 0)
    let back = harness.run("clock set 2026-01-01T00:00:00Z")
    #expect(back.status == 64)
    #expect(back.stderr.contains("usage: iap clock set <date>\n"), "\(back.stderr)")
  }

  @Test(arguments: ["clock set 9999-12-31T23:59:59-01:00", "clock advance 7974y"])
  func theLastSupportedSecondIsTheLimit(_ command: String) {
    #expect(harness.run("clock set 9999-12-31T23:59:58Z").status == 0)
    #expect(harness.run(command).status == 64)
    #expect(harness.run("clock advance 1s").stdout.hasPrefix("9999-12-31T23:59:59Z"))
  }

  @Test func aMoveThatWouldMakeMoreEventsThanTheBudgetIsRefusedWhole() {
    harness.variables["IAP_EVENT_BUDGET"] = "10000"
    #expect(harness.run("buy pro.monthly").status == 0)
    let before = stateFiles()
    // 900 years of a monthly subscription are 10,800 renewals: over the 10,000 budget.
    let result = harness.run("clock advance 900y")
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("error: the move covers more than 10000 subscription renewals and other events"))
    #expect(stateFiles() == before, "nothing written: the clock did not move")
    #expect(harness.run("clock advance 1y --json").json.transactions.count == 12, "smaller steps work")
  }

  @Test func aLongGapOnTheRealClockIsCaughtUpOverSeveralCommands() {
    // A budget of 250 events: more than two batches of 100 in the first command.
    harness.variables["IAP_EVENT_BUDGET"] = "250"
    harness.variables["IAP_EVENT_BATCH"] = "100"
    #expect(harness.run("settings set time-rate oneRenewalEveryTwoSeconds").status == 0)
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    // 375 renewal intervals pass while nobody runs iap.
    harness.advance(seconds: 750)
    let first = harness.run("queue")
    #expect(first.status == 0)
    #expect(first.stderr.contains("warning: the store's time covers more than 250 subscription events"))
    let second = harness.run("queue")
    #expect(second.status == 0)
    #expect(!second.stderr.contains("warning:"), "the next command made the rest")
    #expect(harness.run("history --json").json.transactions.count == 376)
  }

  /// A move longer than one batch (100 events here) is committed batch by batch and printed
  /// as it goes: every renewal is listed once, in order, the JSON document is whole, and the
  /// state holds them all.
  @Test func aMoveOfSeveralBatchesPrintsEveryRenewalOnce() {
    harness.variables["IAP_EVENT_BATCH"] = "100"
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    let json = harness.run("clock advance 20y --json")
    #expect(json.status == 0)
    let ids = json.json.transactions.compactMap { $0["id"]?.stringValue.flatMap { UInt64($0) } }
    #expect(ids == Array(2...241), "240 monthly renewals, in order")
    #expect(json.json["now"]?.stringValue == "2046-01-15T10:00:00Z")
    let text = harness.run("clock advance 10y")
    let lines = text.stdout.split(separator: "\n")
    #expect(lines.count == 121)
    #expect(lines.first?.hasPrefix("#242 ") == true && lines.dropLast().last?.hasPrefix("#361 ") == true)
    #expect(harness.run("history --json").json.transactions.count == 361)
  }

  /// Between the batches of a long catch-up the session lets go of the state (so that the
  /// run changes its queue in place); the use case that follows in the same command must
  /// still see, and commit, the whole state: every renewal stays queued in later commands.
  @Test func theUseCaseAfterACatchUpOfSeveralBatchesSeesTheWholeState() {
    harness.variables["IAP_EVENT_BATCH"] = "100"
    #expect(harness.run("settings set time-rate oneRenewalEveryTwoSeconds").status == 0)
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    // 250 renewal intervals (three batches) pass while nobody runs iap.
    harness.advance(seconds: 500)
    #expect(harness.run("buy gems").status == 0)
    let queued = harness.run("queue --json").json.transactions
    #expect(queued.count == 251, "every unfinished renewal, then the new purchase")
    #expect(queued.last?["productId"]?.stringValue == "gems")
    #expect(harness.run("finish --all").status == 0)
    #expect(harness.run("queue --json").json.transactions.isEmpty)
    #expect(harness.run("history --json").json.transactions.count == 252)
  }

  @Test func aMoveWithinTheDefaultBudgetIsNotRefused() {
    #expect(Store.eventBudget == 250_000)
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    // 900 years of a monthly subscription, 10,800 renewals, were over the budget of 10,000.
    #expect(harness.run("clock advance 900y").status == 0)
  }

  @Test func theBudgetStopsTheModelWithTheRestStillDue() {
    var store = Store(state: StoreState(), account: "default", device: "phone")
    let catalog = try! CatalogLoader.parse(Data(TestHarness.standardCatalog.utf8), displayPath: "c").catalog
    let t0 = harness.now
    _ = store.buy(productId: "pro.monthly", product: catalog.product("pro.monthly"), quantity: 1, applicationUsername: nil, finish: true, now: t0)
    let later = t0.adding(CalendarPeriod(months: 12))
    #expect(store.advance(to: later, budget: 5) == false)
    #expect(store.hasDueSubscriptionEvents(at: later))
    #expect(store.advance(to: later, budget: 100) == true)
    #expect(!store.hasDueSubscriptionEvents(at: later))
  }

  /// The bound that spares a clock move its run in memory is never below what the run makes.
  @Test func theEventBoundIsNeverBelowTheEventsMade() {
    let catalog = try! CatalogLoader.parse(Data(TestHarness.standardCatalog.utf8), displayPath: "c").catalog
    let t0 = harness.now
    for months in [1, 12, 13, 120] {
      var store = Store(state: StoreState(), account: "default", device: "phone")
      _ = store.buy(productId: "pro.monthly", product: catalog.product("pro.monthly"), quantity: 1, applicationUsername: nil, finish: true, now: t0)
      store.discardChanges()
      let later = t0.adding(CalendarPeriod(months: months))
      let bound = store.eventBound(until: later)
      let reached = store.advance(to: later)
      #expect(reached)
      let renewals = store.changes.filter { if case let .transaction(t) = $0 { return t.isRenewal } else { return false } }.count
      #expect(renewals == months)
      #expect(bound.map { $0 >= renewals && $0 <= renewals * 2 + 4 } == true, "bound \(String(describing: bound)) for \(renewals)")
    }
    var compressed = Store(state: StoreState(), account: "default", device: "phone")
    compressed.rules.timeRate = .oneRenewalEveryTwoSeconds
    _ = compressed.buy(productId: "pro.monthly", product: catalog.product("pro.monthly"), quantity: 1, applicationUsername: nil, finish: true, now: t0)
    #expect(compressed.eventBound(until: t0.adding(CalendarPeriod(months: 1))) == nil, "compressed periods: no bound")
  }

  /// Dates from a damaged state may be anything: arithmetic on them saturates, never traps.
  @Test func dateArithmeticSaturates() {
    let far = Timestamp(milliseconds: .max - 1)
    #expect(far.adding(CalendarPeriod(months: 1)) == far)
    #expect(ClockDuration("1000000y")!.added(to: far) == far, "beyond the calendar's reach a date stays put")
    #expect(ClockDuration("1000000s")!.added(to: far) == Timestamp(milliseconds: .max))
    #expect(Timestamp(saturating: .max, times: 1000, plus: 0) == Timestamp(milliseconds: .max))
    #expect(Timestamp(saturating: .min, times: 1000, plus: 0) == Timestamp(milliseconds: .min))
    _ = Timestamp(milliseconds: .min).receiptPSTDate
    _ = Timestamp(milliseconds: .max).iso8601
  }
}
