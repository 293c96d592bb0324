import Testing

@testable import IAPCore
@testable import IAPFormats

/// The pure rules of `RetentionMessaging` and `PerformanceTestRun`, without a store.
@Suite struct RetentionMessagingModelTests {
  /// A Get Retention Message endpoint's answer naming `message`.
  static func answer(_ message: String) -> JSONValue { .object([("message", .object([("messageIdentifier", .string(message))]))]) }

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

  @Test func theAnswersMessageComesFirstThenTheDefault() throws {
    var value = RetentionMessaging()
    let chosen = "4d3b9a4e-0f6c-4a5b-9c2d-7e8f00112233"
    let fallback = "5d3b9a4e-0f6c-4a5b-9c2d-7e8f00112233"
    try value.uploadMessage(RetentionMessage(messageIdentifier: chosen, header: "h", body: "b"))
    try value.uploadMessage(RetentionMessage(messageIdentifier: fallback, header: "h", body: "b"))
    try value.configureDefault(productId: "pro", locale: "en-US", messageIdentifier: fallback)
    let answer = Self.answer(chosen)
    #expect(value.offer(originalTransactionId: "1", productId: "pro", locale: "en_US", answer: answer)?.source == .realtime)
    #expect(value.offer(originalTransactionId: "1", productId: "pro", locale: "en_US", answer: nil)?.messageIdentifier == fallback)
    #expect(value.offer(originalTransactionId: "1", productId: "pro", locale: "fr_FR", answer: nil) == nil)
    let unknown = Self.answer("6d3b9a4e-0f6c-4a5b-9c2d-7e8f00112233")
    #expect(value.offer(originalTransactionId: "1", productId: "pro", locale: "en-US", answer: unknown)?.source == .defaultMessage)
  }
}
