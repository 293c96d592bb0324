import Foundation

extension Product {
  /// StoreKit's `Product.SubscriptionPeriod`: a length of time, as a number of units (one
  /// month, three days, two weeks).
  public struct SubscriptionPeriod: Equatable, Hashable, Sendable, CustomDebugStringConvertible {
    /// The unit.
    public let unit: Unit
    /// How many units.
    public let value: Int

    /// StoreKit's `Product.SubscriptionPeriod.Unit`.
    public enum Unit: Equatable, Hashable, Sendable, Comparable, CustomDebugStringConvertible {
      case day
      case week
      case month
      case year

      /// The unit's name.
      public var debugDescription: String { localizedDescription.lowercased() }

      /// The unit's name, in English.
      public var localizedDescription: String {
        switch self {
        case .day: return "Day"
        case .week: return "Week"
        case .month: return "Month"
        case .year: return "Year"
        }
      }

      /// The unit formatted by `style` (`Product.subscriptionPeriodUnitFormatStyle`).
      public func formatted<S: Foundation.FormatStyle>(_ style: S) -> S.FormatOutput where S.FormatInput == Unit {
        style.format(self)
      }
    }

    init(unit: Unit, value: Int) {
      self.unit = unit
      self.value = value
    }

    /// The period an ISO 8601 duration of one unit names (`P1M`, `P3D`, `P2W`, `P1Y`); nil
    /// for another text.
    init?(iso8601 text: String) {
      guard text.hasPrefix("P"), let letter = text.last, let value = Int(text.dropFirst().dropLast()), value > 0 else { return nil }
      switch letter {
      case "D": unit = .day
      case "W": unit = .week
      case "M": unit = .month
      case "Y": unit = .year
      default: return nil
      }
      self.value = value
    }

    /// The period as an ISO 8601 duration (`P1M`).
    var iso8601: String {
      let letter: String
      switch unit {
      case .day: letter = "D"
      case .week: letter = "W"
      case .month: letter = "M"
      case .year: letter = "Y"
      }
      return "P\(value)\(letter)"
    }

    /// The period as days from `referenceDate` in the Gregorian calendar.
    public func dateRange(referenceDate: Date = .now) -> Range<Date> {
      var components = DateComponents()
      switch unit {
      case .day: components.day = value
      case .week: components.day = 7 * value
      case .month: components.month = value
      case .year: components.year = value
      }
      let end = Calendar(identifier: .gregorian).date(byAdding: components, to: referenceDate) ?? referenceDate
      return referenceDate..<end
    }

    /// The period from `referenceDate`, formatted by a style of date ranges.
    public func formatted<S: Foundation.FormatStyle>(_ format: S, referenceDate: Date = .now) -> S.FormatOutput where S.FormatInput == Range<Date> {
      format.format(dateRange(referenceDate: referenceDate))
    }

    /// The period as ISO 8601 (`P1M`).
    public var debugDescription: String { iso8601 }
  }
}
