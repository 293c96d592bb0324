import IAPFormats

/// A length of time to move the clock by: calendar months and days plus seconds.
///
/// Written `90s`, `15m`, `3h`, `2d`, `1w`, `1M`, `1y` (units may be combined: `1d12h`), or in
/// ISO 8601 (`P1M`, `PT15M`, `P1Y2M10DT2H30M`, `P2W`). `m` is minutes and `M` months.
package struct ClockDuration: Equatable, Sendable {
  package var months: Int = 0
  package var days: Int = 0
  package var seconds: Int64 = 0

  package init(months: Int = 0, days: Int = 0, seconds: Int64 = 0) {
    self.months = months
    self.days = days
    self.seconds = seconds
  }

  /// Parses either form; nil when the text is neither, or is zero.
  package init?(_ text: String) {
    let parsed = text.hasPrefix("P") ? Self.parseISO(text) : Self.parseShort(text)
    guard let parsed, parsed.months != 0 || parsed.days != 0 || parsed.seconds != 0 else { return nil }
    self = parsed
  }

  /// `instant` moved forward by this duration, on the UTC calendar.
  package func added(to instant: Timestamp) -> Timestamp {
    let moved = instant.adding(CalendarPeriod(months: months, days: days))
    return Timestamp(saturating: seconds, times: 1000, plus: moved.milliseconds)
  }

  private static func parseShort(_ text: String) -> ClockDuration? {
    var result = ClockDuration()
    var number = ""
    for c in text {
      if c.isASCII && c.isNumber { number.append(c); continue }
      guard let n = Int(number), n <= 1_000_000 else { return nil }
      number = ""
      switch c {
      case "s": result.seconds += Int64(n)
      case "m": result.seconds += Int64(n) * 60
      case "h": result.seconds += Int64(n) * 3600
      case "d": result.days += n
      case "w": result.days += n * 7
      case "M": result.months += n
      case "y": result.months += n * 12
      default: return nil
      }
    }
    return number.isEmpty && !text.isEmpty ? result : nil
  }

  private static func parseISO(_ text: String) -> ClockDuration? {
    var result = ClockDuration()
    var number = ""
    var inTime = false
    for c in text.dropFirst() {
      if c == "T" {
        guard !inTime, number.isEmpty else { return nil }
        inTime = true
        continue
      }
      if c.isASCII && c.isNumber { number.append(c); continue }
      guard let n = Int(number), n <= 1_000_000 else { return nil }
      number = ""
      switch (inTime, c) {
      case (false, "Y"): result.months += n * 12
      case (false, "M"): result.months += n
      case (false, "W"): result.days += n * 7
      case (false, "D"): result.days += n
      case (true, "H"): result.seconds += Int64(n) * 3600
      case (true, "M"): result.seconds += Int64(n) * 60
      case (true, "S"): result.seconds += Int64(n)
      default: return nil
      }
    }
    return number.isEmpty && text.count > 1 && text.last != "T" ? result : nil
  }
}
