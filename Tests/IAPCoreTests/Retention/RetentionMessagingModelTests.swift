import Testing

@testable import IAPCore
@testable import IAPFormats

/// The pure rules of `RetentionMessaging` and `PerformanceTestRun`, without a store.
@Suite struct RetentionMessagingModelTests {
  @Test(arguments: ["en", "en-US", "en_US", "zh-Hans-CN", "fil-PH"])
  func localesAppleWrites(_ locale: String) { #expect(RetentionMessaging.isLocale(locale)) }

  @Test(arguments: ["", "EN-us", "english", "en-USA", "en-US-x", "e"])
  func notLocales(_ locale: String) { #expect(!RetentionMessaging.isLocale(locale)) }

  @Test func realtimeURLsAreHTTPSOrLoopbackHTTP() {
    for url in ["https://example.com/r", "HTTPS://example.com", "http://127.0.0.1:8/r", "http://127.9.9.9/", "http://localhost:80", "http://[::1]/"] {
      #expect(RetentionMessaging.isRealtimeURL(url), "\(url)")
    }
    for url in ["http://example.com/r", "http://10.0.0.1/", "http://127.0.0.1@example.com/", "https://", "ftp://127.0.0.1/", "127.0.0.1"] {
      #expect(!RetentionMessaging.isRealtimeURL(url), "\(url)")
    }
  }

  @Test func identifiersAreUUIDsLowercased() throws {
    #expect(try RetentionMessaging.uuid("1D3B9A4E-0F6C-4A5B-9C2D-7E8F00112233") == "1d3b9a4e-0f6c-4a5b-9c2d-7e8f00112233")
    #expect(throws: RetentionRefusal.invalidIdentifier) { try RetentionMessaging.uuid("1d3b9a4e0f6c4a5b9c2d7e8f00112233") }
    #expect(throws: RetentionRefusal.invalidIdentifier) { try RetentionMessaging.uuid("gd3b9a4e-0f6c-4a5b-9c2d-7e8f00112233") }
  }

  @Test func aRunPassesOnItsSuccessRateAndCountsLateAnswersAsTimedOut() {
    var run = PerformanceTestRun(requestId: "r", originalTransactionId: "1", target: "http://127.0.0.1/")
    #expect(run.result == .pending && run.numPending == 10 && run.responseTimes == nil)
    run.samples = (1...9).map { PerformanceTestRun.Sample(milliseconds: $0 * 10) } + [.init(milliseconds: 900)]
    #expect(run.successRate == 90 && run.result == .pass)
    #expect(run.failures.map(\.0) == ["TIMED_OUT"])
    #expect(run.responseTimes?.p50 == 50 && run.responseTimes?.p90 == 90 && run.responseTimes?.p99 == 900 && run.responseTimes?.average == 135)
    run.samples[0] = .init(milliseconds: 3, failure: "SOCKET_ISSUE")
    #expect(run.successRate == 80 && run.result == .fail)
  }
}
