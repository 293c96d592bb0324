import IAPSystem

/// The clock a download runs by: monotonic seconds, and a sleep that a signal cuts short.
extension Downloader {
  /// Seconds of the monotonic clock.
  package static func monotonic() -> Double { Deadline.monotonicSeconds() }

  /// Sleeps for `seconds` or until a signal: the caller looks at why and sleeps again if it must.
  package static func sleep(_ seconds: Double) { Pause.upTo(seconds: seconds) }
}
