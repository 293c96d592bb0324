extension SKTestSession {
  /// Apple's `SKTestSession.TimeRate`: how fast subscription time passes in the test
  /// environment, with Apple's raw values. iap's store compresses each subscription period,
  /// billing retry and grace period as Apple's table for the rate says, while its clock is the
  /// real one (`time-rate` in docs/commands.md); a clock moved by hand (`POST /clock`) moves by
  /// the amount asked instead.
  ///
  /// Apple deprecated the six "… is one day" rates in iOS 15.2; they are kept with their
  /// pace (a day of subscription time in that much real time).
  public enum TimeRate: Int, Hashable, Sendable {
    /// Subscription time is real time.
    case realTime = 0
    /// A day passes in an hour (deprecated by Apple: use a monthly rate).
    case oneHourIsOneDay = 1
    /// A day passes in thirty minutes (deprecated by Apple: use a monthly rate).
    case thirtyMinutesIsOneDay = 2
    /// A day passes in five minutes (deprecated by Apple: use a monthly rate).
    case fiveMinutesIsOneDay = 3
    /// A day passes in a minute (deprecated by Apple for `monthlyRenewalEveryThirtyMinutes`).
    case oneMinuteIsOneDay = 4
    /// A day passes in thirty seconds (deprecated by Apple for `monthlyRenewalEveryFifteenMinutes`).
    case thirtySecondsIsOneDay = 5
    /// A day passes in a second (deprecated by Apple for `monthlyRenewalEveryThirtySeconds`).
    case oneSecondIsOneDay = 6
    /// A monthly subscription renews every hour, other periods in proportion.
    case monthlyRenewalEveryHour = 10
    /// A monthly subscription renews every thirty minutes, other periods in proportion.
    case monthlyRenewalEveryThirtyMinutes = 11
    /// A monthly subscription renews every fifteen minutes, other periods in proportion.
    case monthlyRenewalEveryFifteenMinutes = 12
    /// A monthly subscription renews every five minutes, other periods in proportion.
    case monthlyRenewalEveryFiveMinutes = 13
    /// A monthly subscription renews every thirty seconds, other periods in proportion.
    case monthlyRenewalEveryThirtySeconds = 15
    /// Every subscription renews every fifteen minutes, whatever its period.
    case oneRenewalEveryFifteenMinutes = 1000
    /// Every subscription renews every five minutes, whatever its period.
    case oneRenewalEveryFiveMinutes = 1001
    /// Every subscription renews every minute, whatever its period.
    case oneRenewalEveryMinute = 1002
    /// Every subscription renews every thirty seconds, whatever its period.
    case oneRenewalEveryThirtySeconds = 1003
    /// Every subscription renews every ten seconds, whatever its period.
    case oneRenewalEveryTenSeconds = 1004
    /// Every subscription renews every two seconds, whatever its period: Apple's fastest.
    case oneRenewalEveryTwoSeconds = 1005

    /// The rate the store's `time-rate` setting names (a case's Swift name, as the store
    /// spells it), or nil for a name that is none.
    init?(settingValue name: String) {
      let rawValues = [0, 1, 2, 3, 4, 5, 6, 10, 11, 12, 13, 15, 1000, 1001, 1002, 1003, 1004, 1005]
      guard let rate = rawValues.lazy.compactMap(TimeRate.init(rawValue:)).first(where: { "\($0)" == name }) else { return nil }
      self = rate
    }
  }
}
