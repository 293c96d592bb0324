/// `SKTestSession.TimeRate`: how fast subscription time passes in Xcode's StoreKit test
/// environment. The raw values are the header's, as `.storekit` files store them in
/// `settings._timeRate`; the names are the Swift case names, which `iap` settings use.
public enum StoreKitTimeRate: Int, CaseIterable, Sendable {
  case realTime = 0
  /// Deprecated in iOS 15.2, like the next five.
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
  // 14 is unused in the header.
  case monthlyRenewalEveryThirtySeconds = 15
  case oneRenewalEveryFifteenMinutes = 1000
  case oneRenewalEveryFiveMinutes = 1001
  case oneRenewalEveryMinute = 1002
  case oneRenewalEveryThirtySeconds = 1003
  case oneRenewalEveryTenSeconds = 1004
  case oneRenewalEveryTwoSeconds = 1005

  /// The case name, e.g. `monthlyRenewalEveryFiveMinutes`.
  public var name: String { String(describing: self) }

  /// Looks a rate up by case name (any letter case) or by raw value.
  public init?(nameOrNumber text: String) {
    if let number = Int(text), let rate = Self(rawValue: number) {
      self = rate
      return
    }
    guard let rate = Self.allCases.first(where: { $0.name.lowercased() == text.lowercased() }) else { return nil }
    self = rate
  }
}
