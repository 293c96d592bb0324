import IAPCore
import IAPFormats
import IAPKit
import IAPOperations
import IAPSystem

/// `/clock`: the store's simulated time, and moving it (renewals and expiries it passes are
/// committed, and answered).
enum ClockRoutes {
  static let all = [
    ControlRoute(method: "GET", path: "/clock", operation: ClockOperations.show) { call throws(IAPError) in
      .json(ClockJSON.document(try call.workspace.readClock()))
    },
    ControlRoute(method: "POST", path: "/clock", operation: ClockOperations.move) { call throws(IAPError) in
      try move(call, to: try ClockOperations.moveRequest(call))
    },
    ControlRoute(method: "POST", path: "/clock/advance", operation: ClockOperations.advance) { call throws(IAPError) in
      try move(call, to: try ClockOperations.advanceRequest(call))
    },
    ControlRoute(method: "POST", path: "/clock/set", operation: ClockOperations.set) { call throws(IAPError) in
      try move(call, to: try ClockOperations.setRequest(call))
    },
  ]

  /// Moves the clock and answers `{"now", "mode", "transactions"}` with the renewals made
  /// (a move covers at most `Workspace.eventBudget` events, so they fit in memory).
  static func move(_ call: ControlCall, to destination: ClockDestination) throws(IAPError) -> ControlAnswer {
    var request = MoveClockRequest(destination: destination)
    request.signed = true
    // The progress callback is `@Sendable`: what it collects lives in a lock, though the
    // move calls it on this thread.
    let collected = Locked<(made: [Transaction], signer: Signer?)>(([], nil))
    request.progress = { progress in
      collected.withLock {
        $0.made += progress.renewals
        $0.signer = progress.signer
      }
    }
    let result = try call.workspace.moveClock(request)
    if let refusal = result.refusal() { throw refusal }
    guard case let .moved(moved) = result else { return .json(.null) }
    let (made, signer) = collected.current
    return .json(ClockJSON.document(moved.reading, made: made, signer: signer))
  }
}
