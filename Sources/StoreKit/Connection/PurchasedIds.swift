import IAPSystem

/// The ids of the transactions a store handle's `purchase` returned, shared with its update
/// streams' threads, and how many purchases are still waiting for their answer.
///
/// The store announces a purchase on the update stream when it commits it, a moment before it
/// answers the purchase request: a stream thread can see the transaction before `purchase`
/// has its id. So while a purchase is in flight, `returned(_:)` waits for it to settle.
package struct PurchasedIds: Sendable {
  private struct State {
    var ids: Set<UInt64> = []
    var inFlight = 0
  }

  private let state = Locked(State())

  /// A purchase request is about to be sent.
  package func begin() { state.withLock { $0.inFlight += 1 } }

  /// A purchase request has its answer: `id` is the transaction it returned, if any.
  package func end(returning id: UInt64?) {
    state.withLock {
      if let id { $0.ids.insert(id) }
      $0.inFlight -= 1
    }
  }

  /// Whether `purchase` returned `id`, once no purchase is in flight (or 30 s passed: a
  /// purchase that never answers must not stall the stream for good).
  package func returned(_ id: UInt64) -> Bool {
    let deadline = Deadline(seconds: 30)
    while true {
      let (known, busy) = state.withLock { ($0.ids.contains(id), $0.inFlight > 0) }
      if known || !busy || deadline.hasPassed { return known }
      Pause.upTo(seconds: 0.001)
    }
  }
}
