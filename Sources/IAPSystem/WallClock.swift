#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The machine's calendar clock (`CLOCK_REALTIME`), which the user may set; `Deadline` is the
/// monotonic clock for measuring waits.
package enum WallClock {
  /// Milliseconds since 1970-01-01T00:00:00Z.
  package static func milliseconds() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
  }
}
