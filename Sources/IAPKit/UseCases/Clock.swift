import IAPCore
import IAPFormats
import IAPStorage

/// The store's time: its clock (real or simulated) and the instant it reads.
package struct ClockReading: Sendable {
  package var clock: StoreClock
  /// The store's time under `clock`.
  package var now: Timestamp
}

/// Where `moveClock` takes the store's clock.
package enum ClockDestination: Sendable {
  /// Forward from the store's current time by a duration (a simulated clock).
  case forward(ClockDuration)
  /// To a set instant (a simulated clock).
  case date(Timestamp)
  /// Back to following the machine's clock.
  case real

  /// The clock this destination makes of the store's current time.
  func clock(from now: Timestamp) -> StoreClock {
    switch self {
    case let .forward(duration): return .simulated(duration.added(to: now))
    case let .date(instant): return .simulated(instant)
    case .real: return .real
    }
  }
}

/// What a move of the clock asks for.
package struct MoveClockRequest {
  package var destination: ClockDestination
  /// Whether the progress carries a signer (for the renewals' `jwsRepresentation`).
  package var signed = false
  /// Given the renewals of each batch of events once it is committed (a century of weekly
  /// renewals is never held whole), and once more with none when the move is made.
  package var progress: (ClockMoveProgress) -> Void = { _ in }
  /// Given the subscription events made so far and an estimate of the move's total (an
  /// upper bound, nil when none is cheap to know) after each committed batch: a long move
  /// (`clock advance 2000y`) takes seconds, and a terminal shows how far it is.
  package var events: (_ done: Int, _ estimate: Int?) -> Void = { _, _ in }

  package init(destination: ClockDestination) { self.destination = destination }
}

/// A move of the clock that happened: the new reading.
package struct MovedClock {
  package var reading: ClockReading
}

/// What a clock move hands its caller while it runs, batch by batch.
package struct ClockMoveProgress {
  /// The store's time once the move is made.
  package var reading: ClockReading
  /// The renewal transactions of one committed batch, in the order they were made.
  package var renewals: [Transaction]
  /// The signer at the new time, when the request asked for it.
  package var signer: Signer?
}

/// What a move of the clock did.
package enum MoveClockResult {
  /// The clock moved and the store's time ran to it.
  case moved(MovedClock)
  /// Refused, nothing changed: the move would take the store's time back from `from` to
  /// `to`, and transactions already exist (their dates would then lie in the future).
  case cannotGoBack(from: Timestamp, to: Timestamp)
  /// Refused, nothing changed: the move would take the clock outside
  /// `Timestamp.supportedRange`.
  case outOfRange
  /// Refused, nothing changed: the time the move covers holds more than `limit`
  /// subscription events (`Workspace.eventBudget`); smaller steps each stay within it.
  case tooManyEvents(limit: Int)
}

extension Workspace {
  /// Use case: the store's clock and its time now (with the renewals and expiries it has
  /// passed made first, as every use case's opening does).
  package func readClock() throws(IAPError) -> ClockReading {
    let opened = try openStore(forWriting: false)
    return ClockReading(clock: opened.clock, now: opened.now)
  }

  /// Use case: moves the clock to the request's destination and lets the store's time run to
  /// it (renewals, expiries, billing events), committing both. Moving and running happen
  /// under one exclusive lock, so parallel advances add up.
  package func moveClock(_ request: MoveClockRequest) throws(IAPError) -> MoveClockResult {
    let opened = try openStore(forWriting: true)
    let clock = request.destination.clock(from: opened.now)
    let target = clock.now(real: environment.now())
    guard Timestamp.supportedRange.contains(target) else { return .outOfRange }
    if target < opened.now && opened.store.state.nextId > 1 {
      return .cannotGoBack(from: opened.now, to: target)
    }
    var store = opened.store
    // The rules follow the new clock: a real one compresses periods by the time rate.
    store.rules = opened.settings.subscriptionRules(clock: clock)
    // A simulated move that covers more than the budget is refused whole, before anything
    // is written. Back on the real clock the time has passed whatever the answer, so the
    // rest is left to the next commands' catch-up, as after any long gap.
    let isReal: Bool
    if case .real = request.destination { isReal = true } else { isReal = false }
    if !isReal && !Self.isWithinBudget(store, to: target, budget: eventBudget) { return .tooManyEvents(limit: eventBudget) }
    try IAPError.ofState(opened.session.saveClock(clock))
    let reading = ClockReading(clock: clock, now: target)
    // Signed at the new time, not the time the store was opened at.
    let signer =
      request.signed
      ? try signer(opened.session, settings: opened.settings, now: target, state: opened.store.state, rules: opened.store.rules, catalog: opened.catalogFields)
      : nil
    let estimate = store.eventBound(until: target)
    var done = 0
    let reached = try runTime(&store, to: target, in: opened.session, budget: eventBudget) { records in
      // Each event records the subscription's new status once.
      for record in records { if case .subscription = record { done += 1 } }
      request.events(done, estimate)
      let renewals = records.compactMap { record -> Transaction? in
        if case let .transaction(t) = record, t.isRenewal { return t }
        return nil
      }
      if !renewals.isEmpty { request.progress(ClockMoveProgress(reading: reading, renewals: renewals, signer: signer)) }
    }
    if !reached { warnEventsLeft() }
    request.progress(ClockMoveProgress(reading: reading, renewals: [], signer: signer))
    return .moved(MovedClock(reading: reading))
  }
}
