import IAPCore
import IAPStorage

extension Workspace {
  /// The state, opened for one use case, with the store's time run up to now: renewals,
  /// expiries and billing events that the clock has passed are made (and committed) first,
  /// under the exclusive lock, as the App Store would have made them meanwhile.
  ///
  /// - Parameter catalog: the catalog, when the use case has loaded it: its settings then
  ///   come from it rather than from the catalog cache.
  package func openStore(forWriting: Bool, catalog: Catalog? = nil) throws(IAPError) -> OpenedStore {
    // Read before the lock is taken (see `settings(_:fields:)`).
    let fields = catalog ?? catalogFieldsQuietly()
    var session = try IAPError.ofState(stateDirectory.open(forWriting: forWriting, cache: reuse?.loadedState))
    session.warn = { [console] in console.warning($0) }
    session.historyIndexFrom = historyIndexFrom
    var clock = try IAPError.ofState(session.clock())
    var now = clock.now(real: environment.now())
    var settings: StoreSettings?
    if store(session).hasDueEvents(at: now) {
      if !forWriting {
        // Release the shared lock before taking the exclusive one: both are this process's.
        session.close()
        session = try IAPError.ofState(stateDirectory.open(forWriting: true, cache: reuse?.loadedState))
        session.warn = { [console] in console.warning($0) }
        session.historyIndexFrom = historyIndexFrom
        clock = try IAPError.ofState(session.clock())
        now = clock.now(real: environment.now())
      }
      var catchUp = store(session)
      let due = try self.settings(session, fields: fields)
      // Settings that cannot sign stop the use case before anything is committed.
      if let reason = due.incompleteness { throw .settingsIncomplete(reason) }
      catchUp.rules = due.subscriptionRules(clock: clock)
      if !(try runTime(&catchUp, to: now, in: session, budget: eventBudget)) { warnEventsLeft() }
      settings = due
    }
    let resolved: StoreSettings
    if let settings { resolved = settings } else { resolved = try self.settings(session, fields: fields) }
    if let reason = resolved.incompleteness { throw .settingsIncomplete(reason) }
    var opened = store(session)
    opened.rules = resolved.subscriptionRules(clock: clock)
    deliveryURL = resolved.notificationURL
    var result = OpenedStore(session: session, store: opened, now: now, clock: clock, settings: resolved)
    result.catalogFields = fields
    return result
  }

  /// Says that the store's time ran out of its event budget before reaching now, and that
  /// later commands go on from there (each with a budget of its own).
  func warnEventsLeft() {
    console.warning(
      "the store's time covers more than \(eventBudget) subscription events: the first \(eventBudget) are made now, the rest by the next commands")
  }

  /// The transaction log's size from which `history.index` is kept: 1 MB, or another size in
  /// bytes from `$IAP_HISTORY_INDEX_FROM` (the tests keep it for small states).
  var historyIndexFrom: Int { environment.number("IAP_HISTORY_INDEX_FROM", atLeast: 0) ?? HistoryIndex.minimumLogSize }
}
