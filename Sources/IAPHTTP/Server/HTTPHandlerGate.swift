import IAPSystem

/// Lets at most `width` handlers run at once, the others waiting their turn in the order they
/// came, each for at most `patienceMilliseconds`.
///
/// With a thread per connection, 8 busy connections on 2 cores share the processor: a request
/// that is preempted waits for the others' time slices, and the tail of the latencies is that
/// sharing (docs/performance.md, "The server"). Run in turn instead, a request waits only for
/// those ahead of it. The patience bounds what a turn can cost: a handler waiting for the
/// state's lock (held by a command beside the server) keeps its turn, and those behind it run
/// anyway once their patience is spent, rather than wait for a lock they may not need.
final class HTTPHandlerGate: Sendable {
  private struct State {
    /// The next ticket to hand out, and the first ticket not yet let in.
    var nextTicket: UInt64 = 0
    var serving: UInt64 = 0
    /// Tickets whose holders ran out of patience and went in out of turn.
    var abandoned: Set<UInt64> = []
    var running = 0

    /// Lets the holder of `serving` in (also out of turn: `ready` false), and moves the turn on.
    mutating func admit(_ ticket: UInt64) {
      running += 1
      if ticket == serving {
        serving += 1
        while abandoned.remove(serving) != nil { serving += 1 }
      } else {
        abandoned.insert(ticket)
      }
    }
  }

  let width: Int
  let patienceMilliseconds: Int
  private let state = Locked(State())

  init(width: Int, patienceMilliseconds: Int) {
    self.width = max(1, width)
    self.patienceMilliseconds = patienceMilliseconds
  }

  /// How many handlers are running now.
  var running: Int { state.withLock { $0.running } }

  /// Runs `body` in its turn.
  func pass<T>(_ body: () -> T) -> T {
    let deadline = Deadline(milliseconds: patienceMilliseconds)
    let ticket = state.withLock { s in
      defer { s.nextTicket += 1 }
      return s.nextTicket
    }
    state.withLock(when: { $0.serving == ticket && $0.running < width }, before: deadline) { s, _ in s.admit(ticket) }
    // The turn moved on: the next in line may go in.
    state.wakeWaiters()
    defer {
      state.withLock { $0.running -= 1 }
      state.wakeWaiters()
    }
    return body()
  }
}
