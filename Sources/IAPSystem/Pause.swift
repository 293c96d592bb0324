#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Sleeping the calling thread.
package enum Pause {
  /// Sleeps for `seconds`, or less when a signal arrives: the caller looks at why and sleeps
  /// again if it must.
  package static func upTo(seconds: Double) {
    guard seconds > 0 else { return }
    var ts = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
    _ = nanosleep(&ts, nil)
  }
}
