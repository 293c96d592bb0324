/// `SKTestSession.TimeRate`: how fast subscription time runs, with Apple's durations.
package enum TimeRate: Int, NamedCases, Sendable {
  case realTime = 0
  /// Deprecated in iOS 15.2, like the next five: a day of subscription time passes in this
  /// much real time (Apple's replacements for the last three keep the same pace).
  case oneHourIsOneDay = 1
  case thirtyMinutesIsOneDay = 2
  case fiveMinutesIsOneDay = 3
  case oneMinuteIsOneDay = 4
  case thirtySecondsIsOneDay = 5
  case oneSecondIsOneDay = 6
  case monthlyRenewalEveryHour = 10
  case monthlyRenewalEveryThirtyMinutes = 11
  case monthlyRenewalEveryFifteenMinutes = 12
  case monthlyRenewalEveryFiveMinutes = 13
  case monthlyRenewalEveryThirtySeconds = 15
  case oneRenewalEveryFifteenMinutes = 1000
  case oneRenewalEveryFiveMinutes = 1001
  case oneRenewalEveryMinute = 1002
  case oneRenewalEveryThirtySeconds = 1003
  case oneRenewalEveryTenSeconds = 1004
  case oneRenewalEveryTwoSeconds = 1005

  /// The case name as Swift spells it.
  package var name: String {
    switch self {
    case .realTime: return "realTime"
    case .oneHourIsOneDay: return "oneHourIsOneDay"
    case .thirtyMinutesIsOneDay: return "thirtyMinutesIsOneDay"
    case .fiveMinutesIsOneDay: return "fiveMinutesIsOneDay"
    case .oneMinuteIsOneDay: return "oneMinuteIsOneDay"
    case .thirtySecondsIsOneDay: return "thirtySecondsIsOneDay"
    case .oneSecondIsOneDay: return "oneSecondIsOneDay"
    case .monthlyRenewalEveryHour: return "monthlyRenewalEveryHour"
    case .monthlyRenewalEveryThirtyMinutes: return "monthlyRenewalEveryThirtyMinutes"
    case .monthlyRenewalEveryFifteenMinutes: return "monthlyRenewalEveryFifteenMinutes"
    case .monthlyRenewalEveryFiveMinutes: return "monthlyRenewalEveryFiveMinutes"
    case .monthlyRenewalEveryThirtySeconds: return "monthlyRenewalEveryThirtySeconds"
    case .oneRenewalEveryFifteenMinutes: return "oneRenewalEveryFifteenMinutes"
    case .oneRenewalEveryFiveMinutes: return "oneRenewalEveryFiveMinutes"
    case .oneRenewalEveryMinute: return "oneRenewalEveryMinute"
    case .oneRenewalEveryThirtySeconds: return "oneRenewalEveryThirtySeconds"
    case .oneRenewalEveryTenSeconds: return "oneRenewalEveryTenSeconds"
    case .oneRenewalEveryTwoSeconds: return "oneRenewalEveryTwoSeconds"
    }
  }

  /// For the deprecated "… is one day" rates: real seconds per simulated day.
  var secondsPerDay: Int64? {
    switch self {
    case .oneHourIsOneDay: return 3600
    case .thirtyMinutesIsOneDay: return 1800
    case .fiveMinutesIsOneDay: return 300
    case .oneMinuteIsOneDay: return 60
    case .thirtySecondsIsOneDay: return 30
    case .oneSecondIsOneDay: return 1
    default: return nil
    }
  }

  /// The compressed length of a period in seconds, per Apple's table; nil at real time.
  package func compressedSeconds(_ period: SubscriptionPeriod) -> Int64? {
    // Weekly, monthly, 2, 3, 6 months, yearly.
    let row: [Int64]
    if let perDay = secondsPerDay { return [7, 30, 60, 90, 180, 365][SubscriptionPeriod.allCases.firstIndex(of: period)!] * perDay }
    switch self {
    case .realTime: return nil
    case .oneHourIsOneDay, .thirtyMinutesIsOneDay, .fiveMinutesIsOneDay, .oneMinuteIsOneDay, .thirtySecondsIsOneDay,
      .oneSecondIsOneDay:
      return nil
    case .monthlyRenewalEveryHour: row = [900, 3600, 7200, 10800, 21600, 43200]
    case .monthlyRenewalEveryThirtyMinutes: row = [600, 1800, 3600, 5400, 10800, 21600]
    case .monthlyRenewalEveryFifteenMinutes: row = [300, 900, 1800, 2700, 5400, 10800]
    case .monthlyRenewalEveryFiveMinutes: row = [180, 300, 600, 900, 1800, 3600]
    case .monthlyRenewalEveryThirtySeconds: row = [10, 30, 60, 90, 180, 360]
    case .oneRenewalEveryFifteenMinutes: return 900
    case .oneRenewalEveryFiveMinutes: return 300
    case .oneRenewalEveryMinute: return 60
    case .oneRenewalEveryThirtySeconds: return 30
    case .oneRenewalEveryTenSeconds: return 10
    case .oneRenewalEveryTwoSeconds: return 2
    }
    let index = SubscriptionPeriod.allCases.firstIndex(of: period)!
    return row[index]
  }

  /// Billing grace period length in seconds (Apple's table: weekly subscriptions differ).
  package func graceSeconds(weekly: Bool) -> Int64 {
    if let perDay = secondsPerDay { return (weekly ? 6 : 16) * perDay }
    switch self {
    case .realTime, .oneHourIsOneDay, .thirtyMinutesIsOneDay, .fiveMinutesIsOneDay, .oneMinuteIsOneDay,
      .thirtySecondsIsOneDay, .oneSecondIsOneDay:
      return (weekly ? 6 : 16) * 86_400
    case .monthlyRenewalEveryHour: return weekly ? 771 : 1800
    case .monthlyRenewalEveryThirtyMinutes: return weekly ? 514 : 900
    case .monthlyRenewalEveryFifteenMinutes: return weekly ? 257 : 450
    case .monthlyRenewalEveryFiveMinutes: return weekly ? 154 : 150
    case .monthlyRenewalEveryThirtySeconds: return weekly ? 9 : 15
    case .oneRenewalEveryFifteenMinutes: return 900
    case .oneRenewalEveryFiveMinutes: return 300
    case .oneRenewalEveryMinute: return 60
    case .oneRenewalEveryThirtySeconds: return 30
    case .oneRenewalEveryTenSeconds: return 10
    case .oneRenewalEveryTwoSeconds: return 2
    }
  }

  /// How long billing retry lasts in seconds.
  package var billingRetrySeconds: Int64 {
    if let perDay = secondsPerDay { return 60 * perDay }
    switch self {
    case .realTime, .oneHourIsOneDay, .thirtyMinutesIsOneDay, .fiveMinutesIsOneDay, .oneMinuteIsOneDay,
      .thirtySecondsIsOneDay, .oneSecondIsOneDay:
      return 60 * 86_400
    case .monthlyRenewalEveryHour: return 7200
    case .monthlyRenewalEveryThirtyMinutes: return 3600
    case .monthlyRenewalEveryFifteenMinutes: return 1800
    case .monthlyRenewalEveryFiveMinutes: return 600
    case .monthlyRenewalEveryThirtySeconds: return 60
    case .oneRenewalEveryFifteenMinutes: return 1800
    case .oneRenewalEveryFiveMinutes: return 600
    case .oneRenewalEveryMinute: return 120
    case .oneRenewalEveryThirtySeconds: return 60
    case .oneRenewalEveryTenSeconds: return 20
    case .oneRenewalEveryTwoSeconds: return 4
    }
  }
}
