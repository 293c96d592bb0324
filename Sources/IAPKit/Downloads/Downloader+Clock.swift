#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The clock a download runs by: monotonic seconds, and a sleep that a signal cuts short.
extension Downloader {
  package static func monotonic() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }

  package static func sleep(_ seconds: Double) {
    guard seconds > 0 else { return }
    var ts = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
    // A signal cuts the sleep short: the caller looks at why and sleeps again if it must.
    _ = nanosleep(&ts, nil)
  }
}
