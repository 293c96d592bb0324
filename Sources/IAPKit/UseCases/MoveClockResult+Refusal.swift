import IAPCore
import IAPFormats

extension MoveClockResult {
  /// The usage error a refused move is reported as (the same words from the CLI and the
  /// control plane), or nil when the clock moved.
  package func refusal() -> IAPError? {
    switch self {
    case let .cannotGoBack(from, to):
      return .invalidRequest(
        "the clock cannot go back from \(from.iso8601) to \(to.iso8601) once transactions exist (iap reset starts over)")
    case .outOfRange:
      let range = Timestamp.supportedRange
      return .invalidRequest(
        "the clock can only show dates from \(range.lowerBound.iso8601) to \(range.upperBound.iso8601): the move would leave them")
    case let .tooManyEvents(limit):
      return .invalidRequest(
        "the move covers more than \(limit) subscription renewals and other events, the most one command makes: advance in smaller steps")
    case .moved:
      return nil
    }
  }
}

extension ClockDestination {
  /// Why `text` is not a duration to move the clock by: one line, the same in every front end.
  package static func invalidDuration(_ text: String) -> String {
    "invalid duration '\(text)': expected e.g. 90s, 15m, 3h, 2d, 1w, 1M, 1y or P1M"
  }

  /// Why `text` is not a date to set the clock to.
  package static func invalidDate(_ text: String) -> String {
    "invalid date '\(text)': expected ISO 8601 like 2026-01-15T10:00:00Z"
  }
}
