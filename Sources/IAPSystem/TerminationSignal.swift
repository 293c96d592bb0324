#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
  import Glibc
  private typealias SignalHandler = sighandler_t
#elseif canImport(Darwin)
  import Darwin
  private typealias SignalHandler = sig_t
#endif

/// For each signal number, the write end of the pipe its handler writes to, or -1.
///
/// A raw buffer, not a Swift array: a signal handler may not retain or allocate. Set up on
/// first use, which is always an `install`, before any handler can run.
nonisolated(unsafe) private let signalPipes: UnsafeMutablePointer<Int32> = {
  let table = UnsafeMutablePointer<Int32>.allocate(capacity: 128)
  table.initialize(repeating: -1, count: 128)
  return table
}()
private let signalLock = Mutex()

/// The handler: writes the signal's number to its pipe, which is all a handler may safely
/// do (`write` is async-signal-safe; the pipe is non-blocking, so a burst of signals that
/// fills it loses signals rather than hanging the process).
private func forwardSignal(_ number: Int32) {
  let saved = errno
  let fd = signalPipes[Int(number)]
  if fd >= 0 {
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(fd, &byte, 1)
  }
  errno = saved
}

/// Ctrl-C and `kill` for a long-running front end (`iap serve`): wait for SIGINT or
/// SIGTERM on one thread while other threads serve, then stop cleanly.
///
/// A self-pipe rather than `sigwait`: `sigwait` needs the signals blocked in every thread of
/// the process, and Foundation and the Swift runtime start threads of their own before
/// `main` runs, with the signals unblocked there, so the default action (ending the process)
/// would win. A handler that writes to a pipe works whatever thread receives the signal.
///
/// The signals are unblocked on the installing thread: a process started by a test runner's
/// thread or a script may inherit them blocked, and would then never see them (the e2e
/// servers learned this: a blocked SIGTERM made a runner wait five minutes). A signal the
/// parent set to be ignored is caught all the same.
///
/// One installation per signal at a time (the last one gets the signal).
///
/// What `restore()` puts back lives inside its lock; only the table the handler reads
/// (`signalPipes`) is shared by convention, because a signal handler may take no lock.
package final class TerminationSignal: Sendable {
  /// What stops a server: Ctrl-C and `kill`.
  package static let standard: [Int32] = [SIGINT, SIGTERM]

  private let signals: [Int32]
  private let readEnd: Int32
  private let writeEnd: Int32
  /// What `restore()` puts back, and whether it has.
  private let installation: Locked<Installation>

  /// What installing changed, for `restore()` to put back.
  private struct Installation {
    /// The thread whose mask was changed: only there can it be put back.
    let installer = pthread_self()
    var previousHandlers: [(Int32, SignalHandler?)] = []
    var previousMask = sigset_t()
    var restored = false
  }

  /// Catches `signals` from now on, until `restore()`.
  package init(catching signals: [Int32] = TerminationSignal.standard) {
    self.signals = signals
    var fds: [Int32] = [-1, -1]
    // If the pipe cannot be made, waiting still works: `wait` then only times out.
    if pipe(&fds) == 0 {
      for fd in fds {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      }
    }
    readEnd = fds[0]
    writeEnd = fds[1]
    signalLock.lock()
    defer { signalLock.unlock() }
    var installed = Installation()
    for number in signals where (0..<128).contains(number) { signalPipes[Int(number)] = writeEnd }
    installed.previousHandlers = signals.map { number in (number, signal(number, forwardSignal)) }
    var unblock = sigset_t()
    sigemptyset(&unblock)
    for number in signals { sigaddset(&unblock, number) }
    pthread_sigmask(SIG_UNBLOCK, &unblock, &installed.previousMask)
    installation = Locked(installed)
  }

  deinit { restore() }

  /// Waits for one of the signals and returns its number; nil if `timeoutMilliseconds`
  /// passes first (nil waits for ever). A signal that came before the call counts.
  package func wait(timeoutMilliseconds: Int? = nil) -> Int32? {
    let deadline = timeoutMilliseconds.map { Deadline(milliseconds: $0) }
    var pfd = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
    while true {
      var byte: UInt8 = 0
      if read(readEnd, &byte, 1) == 1 { return Int32(byte) }
      let timeout = deadline.map { Int32(min($0.remainingMilliseconds, 60_000)) } ?? 60_000
      if let deadline, deadline.hasPassed { return nil }
      // EINTR (the signal itself interrupting poll) just loops to the read.
      _ = poll(&pfd, 1, timeout)
    }
  }

  /// Puts back the handlers that were there before, and the signal mask if called on the
  /// installing thread.
  package func restore() {
    signalLock.lock()
    defer { signalLock.unlock() }
    installation.withLock { installed in
      guard !installed.restored else { return }
      installed.restored = true
      if pthread_equal(installed.installer, pthread_self()) != 0 { pthread_sigmask(SIG_SETMASK, &installed.previousMask, nil) }
      for (number, handler) in installed.previousHandlers { signal(number, handler) }
      for number in signals where (0..<128).contains(number) && signalPipes[Int(number)] == writeEnd {
        signalPipes[Int(number)] = -1
      }
      if readEnd >= 0 { close(readEnd) }
      if writeEnd >= 0 { close(writeEnd) }
    }
  }

  /// Waits for SIGINT or SIGTERM (or `signals`) and returns its number: the helper a front
  /// end calls on its main thread after starting its server.
  package static func wait(for signals: [Int32] = standard) -> Int32 {
    let catching = TerminationSignal(catching: signals)
    defer { catching.restore() }
    while true {
      if let number = catching.wait() { return number }
    }
  }
}
