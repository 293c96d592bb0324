import IAPCore
import IAPFormats
import IAPHTTP
import IAPStorage
import IAPSystem

/// Initiate Performance Test and Get Performance Test Results: the store sends its signed
/// real-time request to the configured Get Retention Message endpoint as many times as the
/// test's configuration says, one at a time, timing each answer against Apple's limit.
extension Workspace {
  /// Use case: Initiate Performance Test (`POST /inApps/v1/messaging/performanceTest`) for
  /// the subscription whose original transaction is `originalTransactionId`. The test runs
  /// within the request, its requests sent with no lock on the state (the endpoint may call
  /// the store back), and the finished run is kept for Get Performance Test Results.
  package func initiatePerformanceTest(originalTransactionId: String?) throws(RetentionMessagingFailure) -> PerformanceTestRun {
    guard let originalTransactionId, !originalTransactionId.isEmpty, originalTransactionId.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
      let number = UInt64(originalTransactionId)
    else { throw .refused(.invalidPerformanceTestRequest) }
    let (url, productId, signer) = try performanceTestSubject(number)
    var generator = SystemRandomNumberGenerator()
    var run = PerformanceTestRun(requestId: Self.newUUID(&generator), originalTransactionId: originalTransactionId, target: url)
    for _ in 0..<run.config.totalRequests {
      let request = RealtimeRequest(
        originalTransactionId: originalTransactionId, productId: productId, userLocale: "en-US", requestIdentifier: Self.newUUID(&generator))
      run.samples.append(Self.send(request, signedBy: signer, to: url, threshold: run.config.responseTimeThreshold).sample)
    }
    let finished = run
    try changingRetentionMessaging { value throws(RetentionRefusal) in value.record(finished) }
    return finished
  }

  /// Use case: Get Performance Test Results (`GET /inApps/v1/messaging/performanceTest/result/{requestId}`).
  package func performanceTestResults(_ requestId: String) throws(RetentionMessagingFailure) -> PerformanceTestRun {
    try inspectingRetentionMessaging { value throws(RetentionRefusal) in try value.performanceTest(requestId) }
  }

  /// The URL to test, the subscription's product and the signer, read under the state's
  /// lock, which is given back before any request goes out.
  func performanceTestSubject(_ number: UInt64) throws(RetentionMessagingFailure) -> (url: String, productId: String, signer: Signer) {
    let configuration = try readingRetentionMessaging()
    guard let url = configuration.realtimeURL else { throw .refused(.realtimeURLNotFound) }
    let transaction: Transaction?
    let storeSigner: Signer
    do {
      let opened = try openStore(forWriting: false)
      transaction = try IAPError.ofState(opened.session.transaction(number, kept: reuse?.transactionIndex))
      storeSigner = try signer(opened)
    } catch { throw .store(error) }
    guard let transaction, transaction.id == transaction.originalId, transaction.subscriptionGroup != nil else {
      throw .refused(.originalTransactionNotFound)
    }
    return (url, transaction.productId, storeSigner)
  }

  /// POSTs `request` signed by `signer` to `url` and times the answer: a 2xx answer is a
  /// success when it came within `threshold` milliseconds (the run counts a later one as
  /// timed out); anything else fails in Apple's `sendAttemptResult` words. The answer's
  /// body is given when it came 2xx, in time.
  static func send(
    _ request: RealtimeRequest, signedBy signer: Signer, to url: String, threshold: Int
  ) -> (sample: PerformanceTestRun.Sample, answer: JSONValue?) {
    let body = JSONWriter.compact(.object([("signedPayload", .string(request.signed(by: signer)))]))
    let start = Deadline.monotonicMilliseconds()
    // Whole seconds bound each step; the threshold is checked on the measured time.
    let timeout = max(1, (threshold + 999) / 1000)
    do {
      let response = try HTTPClient.send("POST", url, headers: [("Content-Type", "application/json")], body: Array(body.utf8), timeout: timeout)
      let elapsed = Int(Deadline.monotonicMilliseconds() - start)
      guard (200..<300).contains(response.status) else { return (.init(milliseconds: elapsed, failure: "UNSUCCESSFUL_HTTP_RESPONSE_CODE"), nil) }
      return (.init(milliseconds: elapsed), elapsed <= threshold ? response.json : nil)
    } catch {
      return (.init(milliseconds: Int(Deadline.monotonicMilliseconds() - start), failure: error.kind.sendAttemptResult), nil)
    }
  }
}
