import IAPCore
import IAPFormats
import IAPKit
import IAPSystem

/// `/clock`: the store's simulated time, and moving it (renewals and expiries it passes are
/// committed, and answered).
enum ClockRoutes {
  static let all = [
    ControlRoute(method: "GET", path: "/clock", summary: "The store's time and whether it is real or simulated (iap clock).") {
      call throws(IAPError) in
      .json(ClockJSON.document(try call.workspace.readClock()))
    },
    ControlRoute(
      method: "POST", path: "/clock",
      summary: "Move the clock: exactly one of advance (a duration), date (ISO 8601) or real (true: back to the real time).",
      body: [
        ControlParameter("advance", .string, "How far forward: 90s, 15m, 3h, 2d, 1w, 1M, 1y or ISO 8601 (P1M)."),
        ControlParameter("date", .string, "Where to: ISO 8601, like 2026-01-15T10:00:00Z."),
        ControlParameter("real", .boolean, "true: follow the real time again (iap clock real)."),
      ]
    ) { call throws(IAPError) in
      let advance = try call.string("advance")
      let date = try call.string("date")
      let real = try call.bool("real") ?? false
      guard [advance != nil, date != nil, real].filter({ $0 }).count == 1 else {
        throw ControlCall.usage("give exactly one of 'advance', 'date' or 'real': true")
      }
      if let advance { return try move(call, to: try duration(advance)) }
      if let date { return try move(call, to: try timestamp(date)) }
      return try move(call, to: .real)
    },
    ControlRoute(
      method: "POST", path: "/clock/advance", summary: "Move the clock forward (iap clock advance).",
      body: [ControlParameter("by", .string, "How far: 90s, 15m, 3h, 2d, 1w, 1M, 1y or ISO 8601 (P1M).", required: true)]
    ) { call throws(IAPError) in
      try move(call, to: try duration(try call.string("by") ?? ""))
    },
    ControlRoute(
      method: "POST", path: "/clock/set", summary: "Set the clock to a date (iap clock set).",
      body: [ControlParameter("date", .string, "ISO 8601, like 2026-01-15T10:00:00Z.", required: true)]
    ) { call throws(IAPError) in
      try move(call, to: try timestamp(try call.string("date") ?? ""))
    },
  ]

  static func duration(_ text: String) throws(IAPError) -> ClockDestination {
    guard let duration = ClockDuration(text) else {
      throw ControlCall.usage(ClockDestination.invalidDuration(text))
    }
    return .forward(duration)
  }

  static func timestamp(_ text: String) throws(IAPError) -> ClockDestination {
    guard let date = Timestamp(iso8601: text) else {
      throw ControlCall.usage(ClockDestination.invalidDate(text))
    }
    return .date(date)
  }

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
