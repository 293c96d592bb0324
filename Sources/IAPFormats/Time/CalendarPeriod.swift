/// A length of calendar time: whole months plus whole days (weeks are seven days).
package struct CalendarPeriod: Equatable, Hashable, Sendable {
  package var months: Int
  package var days: Int

  package init(months: Int = 0, days: Int = 0) {
    self.months = months
    self.days = days
  }
}
