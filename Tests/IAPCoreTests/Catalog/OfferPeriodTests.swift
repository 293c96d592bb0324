import Testing

@testable import IAPCore
@testable import IAPFormats

@Suite struct OfferPeriodTests {
  @Test(arguments: [
    ("P3D", 3, OfferPeriod.Unit.day, CalendarPeriod(days: 3)), ("P1W", 1, .week, CalendarPeriod(days: 7)),
    ("P2W", 2, .week, CalendarPeriod(days: 14)), ("P1M", 1, .month, CalendarPeriod(months: 1)),
    ("P6M", 6, .month, CalendarPeriod(months: 6)), ("P1Y", 1, .year, CalendarPeriod(months: 12)),
    ("P12M", 12, .month, CalendarPeriod(months: 12)),
  ])
  func parsesOneComponentDurations(_ text: String, _ count: Int, _ unit: OfferPeriod.Unit, _ calendar: CalendarPeriod) throws {
    let period = try #require(OfferPeriod(iso8601: text))
    #expect(period.count == count)
    #expect(period.unit == unit)
    #expect(period.iso8601 == text)
    #expect(period.calendarPeriod == calendar)
  }

  @Test(arguments: ["", "P", "P0D", "P01M", "P1", "1M", "P1m", "P1H", "PT1H", "P1Y2M", "P100D", "p1w", "P-1D", "P 1D"])
  func rejectsEverythingElse(_ text: String) {
    #expect(OfferPeriod(iso8601: text) == nil)
  }

  @Test func countsAreBounded() {
    #expect(OfferPeriod(count: 0, unit: .day) == nil)
    #expect(OfferPeriod(count: 99, unit: .day)?.iso8601 == "P99D")
    #expect(OfferPeriod(count: 100, unit: .day) == nil)
  }
}
