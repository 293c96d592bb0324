/// One performance test of a Get Retention Message endpoint: what it sent, how the endpoint
/// answered each request, and the verdict against Apple's thresholds.
package struct PerformanceTestRun: Equatable, Sendable {
  /// The test's parameters, as `PerformanceTestConfig` reports them.
  package struct Config: Equatable, Sendable {
    package var maxConcurrentRequests: Int
    package var totalRequests: Int
    /// Milliseconds the whole test may take.
    package var totalDuration: Int
    /// Milliseconds an answer may take and still count as a success.
    package var responseTimeThreshold: Int
    /// The percentage of requests that must succeed for the test to pass.
    package var successRateThreshold: Int

    package init(maxConcurrentRequests: Int, totalRequests: Int, totalDuration: Int, responseTimeThreshold: Int, successRateThreshold: Int) {
      self.maxConcurrentRequests = maxConcurrentRequests
      self.totalRequests = totalRequests
      self.totalDuration = totalDuration
      self.responseTimeThreshold = responseTimeThreshold
      self.successRateThreshold = successRateThreshold
    }

    /// What iap runs: requests one at a time, answered within Apple's time limit for the
    /// sandbox ("approximately 700 ms").
    package static let standard = Config(
      maxConcurrentRequests: 1, totalRequests: 10, totalDuration: 10 * 1000, responseTimeThreshold: 700, successRateThreshold: 90)
  }

  /// How one request went: answered 2xx after `milliseconds`, or failed for `failure`
  /// (Apple's `sendAttemptResult` words) after `milliseconds`.
  package struct Sample: Equatable, Sendable {
    package var milliseconds: Int
    package var failure: String?

    package init(milliseconds: Int, failure: String? = nil) {
      self.milliseconds = milliseconds
      self.failure = failure
    }
  }

  /// A lowercase UUID.
  package var requestId: String
  package var originalTransactionId: String
  /// The URL tested.
  package var target: String
  package var config: Config
  package var samples: [Sample]

  package init(requestId: String, originalTransactionId: String, target: String, config: Config = .standard, samples: [Sample] = []) {
    self.requestId = requestId
    self.originalTransactionId = originalTransactionId
    self.target = target
    self.config = config
    self.samples = samples
  }

  /// A request answered 2xx later than the threshold failed as `TIMED_OUT`, as a request the
  /// App Store stops waiting for.
  package var failures: [(String, Int)] {
    var counts: [(String, Int)] = []
    for sample in samples {
      let reason = sample.failure ?? (sample.milliseconds > config.responseTimeThreshold ? "TIMED_OUT" : nil)
      guard let reason else { continue }
      if let index = counts.firstIndex(where: { $0.0 == reason }) { counts[index].1 += 1 } else { counts.append((reason, 1)) }
    }
    return counts
  }

  /// The percentage of requests that succeeded (whole percent, rounded down).
  package var successRate: Int {
    guard !samples.isEmpty else { return 0 }
    let failed = failures.reduce(0) { $0 + $1.1 }
    return (samples.count - failed) * 100 / samples.count
  }

  /// Pending while requests are still to be made.
  package var result: PerformanceTestStatus {
    guard samples.count >= config.totalRequests else { return .pending }
    return successRate >= config.successRateThreshold ? .pass : .fail
  }

  /// The requests not yet made.
  package var numPending: Int { max(0, config.totalRequests - samples.count) }

  /// The average and the 50th, 90th, 95th and 99th percentiles (nearest rank) of the
  /// response times, in milliseconds; nil before any request.
  package var responseTimes: (average: Int, p50: Int, p90: Int, p95: Int, p99: Int)? {
    let times = samples.map(\.milliseconds).sorted()
    guard !times.isEmpty else { return nil }
    func percentile(_ p: Int) -> Int { times[max(0, (p * times.count + 99) / 100 - 1)] }
    return (times.reduce(0, +) / times.count, percentile(50), percentile(90), percentile(95), percentile(99))
  }
}
