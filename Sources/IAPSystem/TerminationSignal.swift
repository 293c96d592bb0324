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

/// How many installations may catch one signal at once: each has a slot in the table.
private let slotsPerSignal = 16

/// For each signal number, the write ends of the pipes its handler writes to, `slotsPerSignal`
/// to a signal, -1 where a slot is free.
///
/// A raw buffer, not a Swift array: a signal handler may not retain or allocate. Set up on
/// first use, which is always an installation, before any handler can run.
nonisolated(unsafe) private let signalPipes: UnsafeMutablePointer<Int32> = {
  let table = UnsafeMutablePointer<Int32>.allocate(capacity: 128 * slotsPerSignal)
  table.initialize(repeating: -1, count: 128 * slotsPerSignal)
  return table
}()

/// The handlers that were there before the first installation catching each signal, for the
/// last one out to put back. Changes to `signalPipes` are made inside this lock too.
private let previousHandlers = Locked<[Int32: SignalHandler?]>([:])

/// The handler: writes the signal's number to the pipe of each installation catching it,
/// which is all a handler may safely do (`write` is async-signal-safe; the pipes are
/// non-blocking, so a burst of signals that fills one loses signals rather than hanging the
/// process).
private func forwardSignal(_ number: Int32) {
  let saved = errno
  for slot in 0..<slotsPerSignal {
    let fd = signalPipes[Int(number) * slotsPerSignal + slot]
    if fd >= 0 {
      var byte = UInt8(truncatingIfNeeded: number)
      _ = write(fd, &byte, 1)
    }
  }
  errno = saved
}

/// Ctrl-C, `kill` and a closed terminal, for whatever must stop cleanly on them: a server
/// waits for SIGINT or SIGTERM on one thread while other threads serve (`wait`); a download
/// looks at `received` between chunks, stops with its progress recorded, and the process
/// then ends by that signal (`raiseAgain`), as a shell expects of any program.
///
/// A self-pipe rather than `sigwait`: `sigwait` needs the signals blocked in every thread of
/// the process, and Foundation and the Swift runtime start threads of their own before
/// `main` runs, with the signals unblocked there, so the default action (ending the process)
/// would win. A handler that writes to a pipe works whatever thread receives the signal.
///
/// The signals are unblocked on the installing thread: a process started by a test runner's
/// thread or a script may inherit them blocked, and would then never see them (a blocked
/// SIGTERM would make a runner wait for its timeout). A signal the parent set to be ignored
/// is caught all the same: `kill -INT` is how a script interrupts a background download.
///
/// Several installations may catch the same signal at once (in-process tests run downloads
/// in parallel), up to `slotsPerSignal`; each gets every signal, and the last one out puts
/// back the handler that was there before the first.
package final class TerminationSignal: Sendable {
  /// What stops a server: Ctrl-C and `kill`.
  package static let standard: [Int32] = [SIGINT, SIGTERM]
  /// What stops a download: Ctrl-C, `kill` and a closed terminal.
  package static let interrupting: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  private let signals: [Int32]
  private let readEnd: Int32
  private let writeEnd: Int32
  /// What `restore()` puts back, whether it has, and the first signal read.
  private let installation: Locked<Installation>

  /// What installing changed, for `restore()` to put back.
  private struct Installation {
    /// The thread whose mask was changed: only there can it be put back.
    let installer = pthread_self()
    var previousMask = sigset_t()
    var restored = false
    /// The first signal read from the pipe, which `received` keeps answering.
    var first: Int32?
  }

  /// Catches `signals` from now on, until `restore()`.
  package init(catching signals: [Int32] = TerminationSignal.standard) {
    let signals = signals.filter { (1..<128).contains($0) }
    self.signals = signals
    var fds: [Int32] = [-1, -1]
    // If the pipe cannot be made, waiting still works: `wait` then only times out.
    if pipe(&fds) == 0 {
      for fd in fds {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      }
    }
    let writeEnd = fds[1]
    readEnd = fds[0]
    self.writeEnd = writeEnd
    var installed = Installation()
    previousHandlers.withLock { previous in
      for number in signals {
        let row = signalPipes + Int(number) * slotsPerSignal
        let first = (0..<slotsPerSignal).allSatisfy { row[$0] < 0 }
        if let free = (0..<slotsPerSignal).first(where: { row[$0] < 0 }) { row[free] = writeEnd }
        if first {
          // `updateValue`, not a subscript: the default handler is nil, which a subscript
          // assignment would take for a removal.
          let before: SignalHandler? = signal(number, forwardSignal)
          previous.updateValue(before, forKey: number)
        }
      }
    }
    var unblock = sigset_t()
    sigemptyset(&unblock)
    for number in signals { sigaddset(&unblock, number) }
    pthread_sigmask(SIG_UNBLOCK, &unblock, &installed.previousMask)
    installation = Locked(installed)
  }

  deinit { restore() }

  /// The first signal caught since `init`, or nil: asked between steps of long work, without
  /// waiting.
  package var received: Int32? {
    installation.withLock { installed in
      if installed.first == nil { installed.first = readSignal() }
      return installed.first
    }
  }

  /// Waits for one of the signals and returns its number; nil if `timeoutMilliseconds`
  /// passes first (nil waits for ever). A signal that came before the call counts.
  package func wait(timeoutMilliseconds: Int? = nil) -> Int32? {
    let deadline = timeoutMilliseconds.map { Deadline(milliseconds: $0) }
    var pfd = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
    while true {
      if let number = readSignal() {
        installation.withLock { installed in if installed.first == nil { installed.first = number } }
        return number
      }
      let timeout = deadline.map { Int32(min($0.remainingMilliseconds, 60_000)) } ?? 60_000
      if let deadline, deadline.hasPassed { return nil }
      // EINTR (the signal itself interrupting poll) just loops to the read.
      _ = poll(&pfd, 1, timeout)
    }
  }

  /// The next signal number in the pipe, or nil when there is none.
  private func readSignal() -> Int32? {
    var byte: UInt8 = 0
    return read(readEnd, &byte, 1) == 1 ? Int32(byte) : nil
  }

  /// Stops catching: the handlers that were there before are put back once no installation
  /// catches their signal, and the signal mask if called on the installing thread.
  package func restore() {
    previousHandlers.withLock { previous in
      installation.withLock { installed in
        guard !installed.restored else { return }
        installed.restored = true
        if pthread_equal(installed.installer, pthread_self()) != 0 { pthread_sigmask(SIG_SETMASK, &installed.previousMask, nil) }
        for number in signals {
          let row = signalPipes + Int(number) * slotsPerSignal
          for slot in 0..<slotsPerSignal where row[slot] == writeEnd { row[slot] = -1 }
          if (0..<slotsPerSignal).allSatisfy({ row[$0] < 0 }), let entry = previous.index(forKey: number) {
            signal(number, previous[entry].value)
            previous.remove(at: entry)
          }
        }
        if readEnd >= 0 { close(readEnd) }
        if writeEnd >= 0 { close(writeEnd) }
      }
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

  /// Ends the process by `number`, as if it had not been caught.
  package static func raiseAgain(_ number: Int32) -> Never {
    signal(number, SIG_DFL)
    var unblock = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, number)
    pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    raise(number)
    // Only if the signal is blocked: end as a shell reports a death by signal.
    exit(128 + number)
  }
}
