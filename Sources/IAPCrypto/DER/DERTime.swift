import IAPFormats

/// UTCTime and GeneralizedTime text in the forms DER and RFC 5280 §4.1.2.5 allow:
/// `YYMMDDHHMMSSZ` and `YYYYMMDDHHMMSSZ`, always UTC (`Z`), always with seconds, never with
/// fractions. Times are whole seconds since 1970-01-01T00:00:00Z.
enum DERTime {
  /// The first and last second of years 0000–9999, the years a GeneralizedTime can spell.
  static let range: ClosedRange<Int64> = -62_167_219_200...253_402_300_799

  /// `seconds` moved into `range`.
  static func clamped(_ seconds: Int64) -> Int64 { min(max(seconds, range.lowerBound), range.upperBound) }

  /// Floor division, so that instants before 1970 fall on the right day.
  private static func days(_ seconds: Int64) -> Int64 { seconds / 86_400 - (seconds % 86_400 < 0 ? 1 : 0) }

  /// The UTC calendar year of `seconds`.
  static func year(of seconds: Int64) -> Int64 { CivilDate.from(daysSinceEpoch: days(seconds)).0 }

  /// The text of a time in `range`: 13 characters with a two-digit year (the caller checks
  /// the year is in 1950–2049), or 15 with four.
  static func format(seconds: Int64, fourDigitYear: Bool) -> String {
    let day = days(seconds)
    let secondOfDay = seconds - day * 86_400
    let (y, m, d) = CivilDate.from(daysSinceEpoch: day)
    func digits(_ value: Int64, _ count: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, count - text.count)) + text
    }
    let year = fourDigitYear ? digits(y, 4) : digits(y % 100, 2)
    return year + digits(m, 2) + digits(d, 2) + digits(secondOfDay / 3600, 2) + digits(secondOfDay / 60 % 60, 2)
      + digits(secondOfDay % 60, 2) + "Z"
  }

  /// Seconds since 1970 of a UTCTime (`generalized` false) or GeneralizedTime's contents, or
  /// nil unless it is exactly the DER form with a real date and time. A UTCTime year YY
  /// below 50 is 20YY, otherwise 19YY (RFC 5280 §4.1.2.5.1).
  static func parse(_ content: [UInt8], generalized: Bool) -> Int64? {
    let yearDigits = generalized ? 4 : 2
    guard content.count == yearDigits + 11, content.last == UInt8(ascii: "Z") else { return nil }
    var index = 0
    func number(_ count: Int) -> Int64? {
      var value: Int64 = 0
      for _ in 0..<count {
        let c = content[index]
        guard (48...57).contains(c) else { return nil }
        value = value * 10 + Int64(c - 48)
        index += 1
      }
      return value
    }
    guard var year = number(yearDigits), let month = number(2), let day = number(2),
      let hour = number(2), let minute = number(2), let second = number(2)
    else { return nil }
    if !generalized { year += year < 50 ? 2000 : 1900 }
    guard (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: month, year: year),
      hour < 24, minute < 60, second < 60
    else { return nil }
    return CivilDate.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
  }
}
