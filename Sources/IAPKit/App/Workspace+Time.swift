import IAPCore
import IAPFormats
import IAPStorage

extension Workspace {
  /// The most subscription events one command makes: `Store.eventBudget`, or a smaller or
  /// larger positive number from `$IAP_EVENT_BUDGET` (docs/state.md).
  var eventBudget: Int { environment.number("IAP_EVENT_BUDGET", atLeast: 1) ?? Store.eventBudget }

  /// How many events are committed at once: `Store.eventBatch`, or another positive number
  /// from `$IAP_EVENT_BATCH`, which the tests lower so that a run of several batches is
  /// quick to reach.
  var eventBatch: Int { environment.number("IAP_EVENT_BATCH", atLeast: 1) ?? Store.eventBatch }

  /// Runs `store`'s time to `now` (renewals, expiries, billing events), committing the
  /// events `eventBatch` at a time, so that memory holds one batch of records however
  /// long the gap. Only the last batch may rewrite `store.json`; a crash between batches
  /// leaves the batches committed so far, and the next command's catch-up makes the rest, as
  /// after any gap (the clock is saved before the first batch).
  ///
  /// - Parameters:
  ///   - budget: the most events to make; the rest stay due.
  ///   - committed: given each batch's records once they are committed, in order.
  /// - Returns: whether the store's time reached `now` within the budget.
  func runTime(
    _ store: inout Store, to now: Timestamp, in session: StateSession, budget: Int,
    committed: ([LogRecord]) -> Void = { _ in }
  ) throws(IAPError) -> Bool {
    var left = budget
    let size = eventBatch
    while true {
      let batch = min(size, left)
      let reached = store.advance(to: now, budget: batch)
      left -= batch
      let last = reached || left <= 0
      try IAPError.ofState(session.commit(store.changes, state: store.state, continuing: !last))
      committed(store.changes)
      store.discardChanges()
      if last { return reached }
    }
  }

  /// Whether `store`'s time can run to `now` within `budget` events: a run in
  /// memory that keeps no records, so that a clock move over budget is refused before
  /// anything is written.
  static func isWithinBudget(_ store: Store, to now: Timestamp, budget: Int) -> Bool {
    guard store.hasDueEvents(at: now) else { return true }
    // Most moves are well within it, as a bound shows without running them (running them
    // in memory first would be a large part of a long move).
    if let bound = store.eventBound(until: now), bound <= budget { return true }
    var probe = store
    var left = budget
    while left > 0 {
      let batch = min(Store.eventBatch, left)
      if probe.advance(to: now, budget: batch) { return true }
      probe.discardChanges()
      left -= batch
    }
    return !probe.hasDueEvents(at: now)
  }
}
