/// A point in time as whole milliseconds since 1970-01-01T00:00:00Z.
///
/// The store keeps every date in this form: exact (receipts want `_ms` fields), cheap to
/// compare, and formatted to ISO 8601 with plain integer arithmetic instead of a
/// `DateFormatter`, which keeps locale data off the start-up path of every command.
package struct Timestamp: Comparable, Hashable, Sendable, CustomStringConvertible {
  /// Milliseconds since the Unix epoch, UTC.
  package var milliseconds: Int64

  package init(milliseconds: Int64) { self.milliseconds = milliseconds }

  package static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.milliseconds < rhs.milliseconds }

  /// The dates the store's clock may show: years 0000 to 9999, the years an ISO 8601 date
  /// spells with four digits. Receipts, signed payloads and every period added to a date
  /// stay far inside 64-bit milliseconds from there, so no date arithmetic can overflow.
  package static let supportedRange = Timestamp(milliseconds: -62_167_219_200_000)...Timestamp(milliseconds: 253_402_300_799_999)

  /// ISO 8601 in UTC with second precision, e.g. `2026-11-21T19:10:55Z`.
  package var iso8601: String {
    // Floor division written so that no value, Int64.min included, can overflow.
    let seconds = milliseconds / 1000 - (milliseconds % 1000 < 0 ? 1 : 0)
    let days = seconds / 86_400 - (seconds % 86_400 < 0 ? 1 : 0)
    let secondOfDay = seconds - days * 86_400
    let (y, m, d) = CivilDate.from(daysSinceEpoch: days)
    // The years the clock shows are written straight into the string's bytes: `history`
    // formats 100,000 dates or more, and interpolating each part was most of its formatting.
    if y >= 0 && y < 10_000 {
      return String(unsafeUninitializedCapacity: 20) { out in
        func put(_ value: Int64, _ digits: Int, at position: Int) {
          var v = value
          for i in stride(from: position + digits - 1, through: position, by: -1) {
            out[i] = UInt8(truncatingIfNeeded: 0x30 + v % 10)
            v /= 10
          }
        }
        put(y, 4, at: 0)
        out[4] = UInt8(ascii: "-")
        put(m, 2, at: 5)
        out[7] = UInt8(ascii: "-")
        put(d, 2, at: 8)
        out[10] = UInt8(ascii: "T")
        put(secondOfDay / 3600, 2, at: 11)
        out[13] = UInt8(ascii: ":")
        put(secondOfDay / 60 % 60, 2, at: 14)
        out[16] = UInt8(ascii: ":")
        put(secondOfDay % 60, 2, at: 17)
        out[19] = UInt8(ascii: "Z")
        return 20
      }
    }
    func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
    let year = y >= 0 && y < 10_000 ? String(repeating: "0", count: 4 - String(y).count) + String(y) : String(y)
    return "\(year)-\(two(m))-\(two(d))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))Z"
  }

  package var description: String { iso8601 }

  /// Parses `YYYY-MM-DDTHH:MM:SS[.fff](Z|±HH:MM)`, the form the store writes, or a bare date.
  package init?(iso8601 text: String) {
    let chars = Array(text.utf8)
    func number(_ range: Range<Int>) -> Int64? {
      guard range.upperBound <= chars.count else { return nil }
      var value: Int64 = 0
      for c in chars[range] {
        guard (48...57).contains(c) else { return nil }
        value = value * 10 + Int64(c - 48)
      }
      return value
    }
    guard chars.count >= 10, chars[4] == UInt8(ascii: "-"), chars[7] == UInt8(ascii: "-"),
      let y = number(0..<4), let mo = number(5..<7), let d = number(8..<10),
      (1...12).contains(mo), d >= 1, d <= CivilDate.daysIn(month: mo, year: y)
    else { return nil }
    var ms = CivilDate.days(year: y, month: mo, day: d) * 86_400_000
    if chars.count == 10 { self.init(milliseconds: ms); return }
    guard chars.count >= 19, chars[10] == UInt8(ascii: "T") || chars[10] == UInt8(ascii: " "),
      chars[13] == UInt8(ascii: ":"), chars[16] == UInt8(ascii: ":"),
      let h = number(11..<13), let mi = number(14..<16), let s = number(17..<19),
      h < 24, mi < 60, s < 60
    else { return nil }
    ms += (h * 3600 + mi * 60 + s) * 1000
    var i = 19
    if i < chars.count, chars[i] == UInt8(ascii: ".") {
      i += 1
      var scale: Int64 = 100
      let start = i
      while i < chars.count, (48...57).contains(chars[i]) {
        ms += Int64(chars[i] - 48) * scale
        scale /= 10
        i += 1
      }
      if i == start { return nil }
    }
    if i == chars.count - 1, chars[i] == UInt8(ascii: "Z") {
    } else if i + 6 == chars.count, chars[i] == UInt8(ascii: "+") || chars[i] == UInt8(ascii: "-"),
      chars[i + 3] == UInt8(ascii: ":"), let oh = number(i + 1..<i + 3), let om = number(i + 4..<i + 6)
    {
      let offset = (oh * 60 + om) * 60_000
      ms += chars[i] == UInt8(ascii: "+") ? -offset : offset
    } else {
      return nil
    }
    self.init(milliseconds: ms)
  }

  /// This instant moved by `period` on the UTC calendar: months keep the day of the month,
  /// clamped to the end of shorter months (Jan 31 + 1 month = Feb 28 or 29).
  package func adding(_ period: CalendarPeriod) -> Timestamp {
    // Far outside the supported years (only a damaged state gets here) the calendar's own
    // arithmetic could overflow: such a date stays where it is.
    guard milliseconds > -(1 << 60), milliseconds < 1 << 60 else { return self }
    let dayMs: Int64 = 86_400_000
    let days = milliseconds >= 0 ? milliseconds / dayMs : (milliseconds - dayMs + 1) / dayMs
    let timeOfDay = milliseconds - days * dayMs
    var (y, m, d) = CivilDate.from(daysSinceEpoch: days)
    let totalMonths = y * 12 + (m - 1) + Int64(period.months)
    y = totalMonths >= 0 ? totalMonths / 12 : (totalMonths - 11) / 12
    m = totalMonths - y * 12 + 1
    d = min(d, CivilDate.daysIn(month: m, year: y))
    let newDays = CivilDate.days(year: y, month: m, day: d) + Int64(period.days)
    return Timestamp(saturating: newDays, times: dayMs, plus: timeOfDay)
  }

  /// `count × unit + offset` milliseconds, clamped to what 64 bits hold: dates read from a
  /// damaged state may be absurd, and absurd must not mean a trap.
  package init(saturating count: Int64, times unit: Int64, plus offset: Int64) {
    let (product, overflow) = count.multipliedReportingOverflow(by: unit)
    let (sum, carry) = product.addingReportingOverflow(offset)
    if overflow || carry {
      self.init(milliseconds: (count < 0) != (unit < 0) ? .min : .max)
    } else {
      self.init(milliseconds: sum)
    }
  }
}
