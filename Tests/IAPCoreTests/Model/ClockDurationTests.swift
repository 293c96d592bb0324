import Testing

@testable import IAPCore
@testable import IAPFormats

@Suite struct ClockDurationTests {
  let t0 = Timestamp(iso8601: "2026-01-31T10:00:00Z")!

  @Test(arguments: [
    ("90s", "2026-01-31T10:01:30Z"), ("15m", "2026-01-31T10:15:00Z"), ("3h", "2026-01-31T13:00:00Z"),
    ("2d", "2026-02-02T10:00:00Z"), ("1w", "2026-02-07T10:00:00Z"), ("1M", "2026-02-28T10:00:00Z"),
    ("1y", "2027-01-31T10:00:00Z"), ("1d12h", "2026-02-01T22:00:00Z"), ("P1M", "2026-02-28T10:00:00Z"),
    ("PT15M", "2026-01-31T10:15:00Z"), ("P1Y2M10DT2H30M", "2027-04-10T12:30:00Z"), ("P2W", "2026-02-14T10:00:00Z"),
  ])
  func movesTheClock(_ text: String, _ expected: String) throws {
    let duration = try #require(ClockDuration(text))
    #expect(duration.added(to: t0).iso8601 == expected)
  }

  @Test(arguments: ["", "0s", "5", "5x", "P", "PT", "P1H", "-1d", "1.5h", "P1M2", "99999999999d"])
  func rejectsNonsense(_ text: String) {
    #expect(ClockDuration(text) == nil)
  }
}
