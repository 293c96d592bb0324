/// A length of calendar time: whole months plus whole days (weeks are seven days).
public struct CalendarPeriod: Equatable, Hashable, Sendable {
  public var months: Int
  public var days: Int

  public init(months: Int = 0, days: Int = 0) {
    self.months = months
    self.days = days
  }
}
