import IAPFormats

/// The renewal periods App Store Connect offers for auto-renewable subscriptions.
package enum SubscriptionPeriod: String, CaseIterable, Sendable {
  case oneWeek = "P1W"
  case oneMonth = "P1M"
  case twoMonths = "P2M"
  case threeMonths = "P3M"
  case sixMonths = "P6M"
  case oneYear = "P1Y"

  /// The period as calendar time.
  package var calendarPeriod: CalendarPeriod {
    switch self {
    case .oneWeek: return CalendarPeriod(days: 7)
    case .oneMonth: return CalendarPeriod(months: 1)
    case .twoMonths: return CalendarPeriod(months: 2)
    case .threeMonths: return CalendarPeriod(months: 3)
    case .sixMonths: return CalendarPeriod(months: 6)
    case .oneYear: return CalendarPeriod(months: 12)
    }
  }
}
