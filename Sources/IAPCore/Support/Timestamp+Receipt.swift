import IAPFormats

/// The date forms of `verifyReceipt` responses.
package extension Timestamp {
  /// `2013-08-01 07:00:00 Etc/GMT`
  var receiptDate: String { Self.plain(milliseconds) + " Etc/GMT" }

  /// `2013-08-01 00:00:00 America/Los_Angeles`: Pacific time, with US daylight saving time
  /// (second Sunday of March to first Sunday of November, at 2:00 local).
  var receiptPSTDate: String {
    // Only a damaged state holds a date this far out; the offset arithmetic would overflow.
    guard milliseconds > -(1 << 60), milliseconds < 1 << 60 else { return Self.plain(milliseconds) + " Etc/GMT" }
    let days = Int64((Double(milliseconds) / 86_400_000).rounded(.down))
    let (year, _, _) = CivilDate.from(daysSinceEpoch: days)
    let dstStart = Self.nthSunday(2, month: 3, year: year) * 86_400_000 + 10 * 3_600_000
    let dstEnd = Self.nthSunday(1, month: 11, year: year) * 86_400_000 + 9 * 3_600_000
    let offsetHours: Int64 = milliseconds >= dstStart && milliseconds < dstEnd ? 7 : 8
    return Self.plain(milliseconds - offsetHours * 3_600_000) + " America/Los_Angeles"
  }

  /// Milliseconds since the epoch, as the `_ms` fields spell them.
  var receiptMilliseconds: String { String(milliseconds) }

  private static func plain(_ ms: Int64) -> String {
    // "YYYY-MM-DDTHH:MM:SSZ" → "YYYY-MM-DD HH:MM:SS"
    String(Timestamp(milliseconds: ms).iso8601.dropLast().map { $0 == "T" ? " " : $0 })
  }

  /// Day number of the `n`th Sunday of a month.
  private static func nthSunday(_ n: Int64, month: Int64, year: Int64) -> Int64 {
    let first = CivilDate.days(year: year, month: month, day: 1)
    // 1970-01-01 was a Thursday: (days + 4) % 7 == 0 on Sundays.
    let weekday = ((first + 4) % 7 + 7) % 7
    return first + (7 - weekday) % 7 + (n - 1) * 7
  }
}
