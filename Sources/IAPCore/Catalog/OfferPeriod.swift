import IAPFormats

/// The length of a subscription offer's period: an ISO 8601 duration with one component,
/// such as `P3D`, `P1W`, `P2W`, `P1M`, `P6M` or `P1Y`.
///
/// Offers come in more lengths than renewal periods do (three days, two weeks), so this is a
/// validated count and unit rather than a closed list like `SubscriptionPeriod`.
package struct OfferPeriod: Hashable, Sendable, CustomStringConvertible {
  /// The unit of an ISO 8601 duration component, spelled as the letter it ends with.
  package enum Unit: String, CaseIterable, Sendable {
    case day = "D"
    case week = "W"
    case month = "M"
    case year = "Y"
  }

  /// The largest count accepted; real offers stay far below it.
  package static let maximumCount = 99

  /// How many units, at least 1.
  package let count: Int
  package let unit: Unit

  /// A period of `count` units, or nil unless 1 ≤ `count` ≤ `maximumCount`.
  package init?(count: Int, unit: Unit) {
    guard (1...Self.maximumCount).contains(count) else { return nil }
    self.count = count
    self.unit = unit
  }

  /// Parses `P<n><D|W|M|Y>`: exactly one component, digits only, no time part.
  package init?(iso8601 text: String) {
    let chars = Array(text.utf8)
    guard chars.count >= 3, chars.count <= 4, chars[0] == UInt8(ascii: "P"),
      let unit = Unit(rawValue: String(UnicodeScalar(chars[chars.count - 1]))),
      chars[1..<chars.count - 1].allSatisfy({ (48...57).contains($0) }), chars[1] != UInt8(ascii: "0"),
      let count = Int(String(decoding: chars[1..<chars.count - 1], as: UTF8.self))
    else { return nil }
    self.init(count: count, unit: unit)
  }

  /// The ISO 8601 spelling, e.g. `P2W`.
  package var iso8601: String { "P\(count)\(unit.rawValue)" }

  package var description: String { iso8601 }

  /// The period as calendar time.
  package var calendarPeriod: CalendarPeriod {
    switch unit {
    case .day: return CalendarPeriod(days: count)
    case .week: return CalendarPeriod(days: 7 * count)
    case .month: return CalendarPeriod(months: count)
    case .year: return CalendarPeriod(months: 12 * count)
    }
  }
}
