import Testing
@testable import IAPFormats

@Suite struct TimestampTests {
  @Test func formatsISO8601InUTC() {
    #expect(Timestamp(milliseconds: 0).iso8601 == "1970-01-01T00:00:00Z")
    #expect(Timestamp(milliseconds: 951_782_400_000).iso8601 == "2000-02-29T00:00:00Z")
    #expect(Timestamp(milliseconds: 1_795_288_712_960).iso8601 == "2026-11-21T19:18:32Z")
    #expect(Timestamp(milliseconds: -1).iso8601 == "1969-12-31T23:59:59Z")
  }

  /// The years 0000 to 9999 are written straight into the bytes; their edges, and
  /// the years beyond them written the general way.
  @Test func formatsTheEdgesOfTheSupportedYears() {
    #expect(Timestamp.supportedRange.lowerBound.iso8601 == "0000-01-01T00:00:00Z")
    #expect(Timestamp.supportedRange.upperBound.iso8601 == "9999-12-31T23:59:59Z")
    #expect(Timestamp(milliseconds: 253_402_300_800_000).iso8601 == "10000-01-01T00:00:00Z")
    #expect(Timestamp(milliseconds: -62_167_219_200_001).iso8601 == "-1-12-31T23:59:59Z")
    #expect(Timestamp(milliseconds: 4_919_875_200_999).iso8601 == "2125-11-27T00:00:00Z")
  }

  /// Every second of the supported years formats to text that parses back to it (parsing is
  /// separate arithmetic: `days_from_civil`), in the fixed 20-character form.
  @Test func formatsDatesAcrossTheRangeThatParseBack() {
    // 20,000 seconds spread over the whole range, a step apart that shares no factor with 60
    // or 86,400, so that every second of the minute and every time of day comes up.
    let first: Int64 = -62_167_219_200
    for i: Int64 in 0..<20_000 {
      let seconds = first + i * 15_778_477
      let text = Timestamp(milliseconds: seconds * 1000 + i * 7_919 % 1000).iso8601
      #expect(text.utf8.count == 20 && Timestamp(iso8601: text)?.milliseconds == seconds * 1000, "\(text)")
    }
  }

  @Test func parsesWhatItFormats() {
    for ms: Int64 in [0, 951_782_400_000, 1_795_288_712_000, 4_102_444_800_000, -86_400_000] {
      let t = Timestamp(milliseconds: ms)
      #expect(Timestamp(iso8601: t.iso8601) == t)
    }
    #expect(Timestamp(iso8601: "2026-01-15T10:00:00.250Z")?.milliseconds == 1_768_471_200_250)
    #expect(Timestamp(iso8601: "2026-01-15T12:00:00+02:00") == Timestamp(iso8601: "2026-01-15T10:00:00Z"))
    #expect(Timestamp(iso8601: "2026-01-15") == Timestamp(iso8601: "2026-01-15T00:00:00Z"))
  }

  @Test(arguments: ["", "2026-13-01", "2026-02-30", "2026-01-15T25:00:00Z", "2026-01-15T10:00:00", "yesterday"])
  func rejectsInvalidDates(_ text: String) {
    #expect(Timestamp(iso8601: text) == nil)
  }

  @Test func addsCalendarMonthsClampingToMonthEnd() {
    let jan31 = Timestamp(iso8601: "2026-01-31T08:30:00Z")!
    #expect(jan31.adding(CalendarPeriod(months: 1)).iso8601 == "2026-02-28T08:30:00Z")
    #expect(Timestamp(iso8601: "2028-01-31T00:00:00Z")!.adding(CalendarPeriod(months: 1)).iso8601 == "2028-02-29T00:00:00Z")
    #expect(jan31.adding(CalendarPeriod(months: 12)).iso8601 == "2027-01-31T08:30:00Z")
    #expect(jan31.adding(CalendarPeriod(days: 7)).iso8601 == "2026-02-07T08:30:00Z")
    #expect(Timestamp(iso8601: "2026-11-15T00:00:00Z")!.adding(CalendarPeriod(months: 3)).iso8601 == "2027-02-15T00:00:00Z")
  }
}
