#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The running process itself: its id, its end, and the signals it ignores.
package enum CurrentProcess {
  /// The process id (`getpid`), which makes temporary names unique among processes.
  package static var id: Int32 { getpid() }

  /// Ends the process with `status` (`exit`, so buffered output is flushed).
  package static func exit(_ status: Int32) -> Never {
    #if canImport(Glibc)
      Glibc.exit(status)
    #else
      Darwin.exit(status)
    #endif
  }

  /// Ignores `SIGXFSZ`, so that a write past `ulimit -f` fails with `EFBIG`, as on a full
  /// disk, and is reported, rather than killing the process half-way.
  package static func ignoreFileSizeLimitSignal() {
    _ = signal(SIGXFSZ, SIG_IGN)
  }
}
