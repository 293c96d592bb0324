#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A point on the monotonic clock by which a piece of work must end: how a delivery round
/// stays bounded however slowly a server answers (each read has its own timeout, but a
/// server that sends one byte just inside it would otherwise keep a round going for hours).
package struct Deadline: Sendable {
  private let end: Int64

  /// How long the work was given, in milliseconds: what a message about running out says.
  package let lengthMilliseconds: Int64

  /// `seconds` from now.
  package init(seconds: Int) { self.init(milliseconds: seconds * 1000) }

  /// `milliseconds` from now (the HTTP server's timeouts, which tests make short).
  package init(milliseconds: Int) {
    lengthMilliseconds = Int64(milliseconds)
    end = Self.monotonicMilliseconds() + Int64(milliseconds)
  }

  /// Milliseconds left, 0 once it has passed.
  package var remainingMilliseconds: Int64 { max(0, end - Self.monotonicMilliseconds()) }

  package var hasPassed: Bool { remainingMilliseconds == 0 }

  /// The time left as a socket timeout, capped at `seconds` (never zero, which would mean
  /// "no timeout" to the kernel).
  package func socketTimeout(cappedAt seconds: Int) -> timeval {
    let ms = max(1, min(remainingMilliseconds, Int64(seconds) * 1000))
    return timeval(tv_sec: Int(ms / 1000), tv_usec: .init(ms % 1000 * 1000))
  }

  /// Milliseconds of the monotonic clock (CLOCK_MONOTONIC), for ordering events in time.
  package static func monotonicMilliseconds() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
  }

  /// Seconds of the monotonic clock, to the nanosecond: for rates and durations.
  package static func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }
}
