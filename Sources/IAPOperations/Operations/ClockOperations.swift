import IAPCore
import IAPFormats
import IAPKit

/// The store's simulated time: reading it and moving it. Both front ends move it through
/// `Workspace.moveClock`, each reporting the renewals it makes as they come.
package enum ClockOperations {
  static let durationHelp = "How far to move the clock forward: 90s, 15m, 3h, 2d, 1w, 1M, 1y, combinations like 1d12h, or ISO 8601 (P1M)."
  static let dateHelp = "The new time: ISO 8601, like 2026-01-15T10:00:00Z."
  static let realHelp = "Follow the machine's clock again."

  package static let show = OperationSpec("clock", summary: "The store's time, and whether it is real or simulated.", parameters: [])

  /// `clock advance`: the clock moved forward by a duration.
  package static let by = durationParameter(ParameterInfo("by", json: "by", value: "duration", required: true, help: durationHelp))
  package static let advance = OperationSpec("clock advance", summary: "Move the store's clock forward.", parameters: [by.info])

  /// `clock set`: the clock set to a date.
  package static let date = dateParameter(ParameterInfo("date", json: "date", value: "date", required: true, help: dateHelp))
  package static let set = OperationSpec("clock set", summary: "Set the store's clock to a date.", parameters: [date.info])

  /// `clock real`: the clock follows the machine's again.
  package static let real = OperationSpec("clock real", summary: "Make the store's clock follow the machine's again.", parameters: [])

  /// The three moves as one request, whose members say which (the control plane's `POST /clock`).
  package static let moveBy = durationParameter(ParameterInfo("advance", json: "advance", value: "duration", reach: .controlPlaneOnly, help: durationHelp))
  package static let moveTo = dateParameter(ParameterInfo("to", json: "date", value: "date", reach: .controlPlaneOnly, help: dateHelp))
  package static let moveToReal = Parameter<Bool>.flag(ParameterInfo("real", json: "real", reach: .controlPlaneOnly, help: realHelp))
  package static let move = OperationSpec(
    "clock move", summary: "Move the clock: forward by a duration, to a date, or back to the real time.",
    parameters: [moveBy.info, moveTo.info, moveToReal.info])

  /// Where `clock advance` moves the clock.
  package static func advanceRequest(_ input: some OperationInput) throws(IAPError) -> ClockDestination {
    try input.required(by)
  }

  /// Where `clock set` moves the clock.
  package static func setRequest(_ input: some OperationInput) throws(IAPError) -> ClockDestination {
    try input.required(date)
  }

  /// Where a move that names one of its three kinds takes the clock.
  package static func moveRequest(_ input: some OperationInput) throws(IAPError) -> ClockDestination {
    let forward = try input.value(moveBy)
    let to = try input.value(moveTo)
    let real = try input.value(moveToReal, default: false)
    guard [forward != nil, to != nil, real].filter({ $0 }).count == 1 else {
      throw input.usage("give exactly one of \(input.names([moveBy.info, moveTo.info, moveToReal.info])): true")
    }
    return forward ?? to ?? .real
  }

  private static func durationParameter(_ info: ParameterInfo) -> Parameter<ClockDestination> {
    .read(info) { (text, input) throws(IAPError) -> ClockDestination in
      guard let duration = ClockDuration(text) else { throw input.usage(ClockDestination.invalidDuration(text)) }
      return .forward(duration)
    }
  }

  private static func dateParameter(_ info: ParameterInfo) -> Parameter<ClockDestination> {
    .read(info) { (text, input) throws(IAPError) -> ClockDestination in
      guard let date = Timestamp(iso8601: text) else { throw input.usage(ClockDestination.invalidDate(text)) }
      return .date(date)
    }
  }
}
