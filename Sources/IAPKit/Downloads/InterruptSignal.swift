#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPCore
import IAPSystem

#if canImport(Glibc)
  import Glibc
  private typealias SignalHandler = sighandler_t
#elseif canImport(Darwin)
  import Darwin
  private typealias SignalHandler = sig_t
#endif

/// The signal that asked a running download to stop (Ctrl-C, `kill`), if any: 0 otherwise.
///
/// Written only by the handler; a plain word is all a signal handler may touch.
nonisolated(unsafe) private var receivedSignal: Int32 = 0
/// How many downloads of this process have the handlers installed, and what was there before
/// the first, inside its lock: in-process tests run downloads in parallel, and the last one
/// out restores.
private let installation = Locked(Installation())

/// What installing the handlers changed, and for how many downloads.
private struct Installation {
  var installs = 0
  var previousHandlers: [(Int32, SignalHandler?)] = []
  var previousMask = sigset_t()
}

/// Ctrl-C, `kill` and a closed terminal during a download: caught, so that the downloader
/// stops at a chunk boundary with its progress recorded, then raised again, so that the
/// shell sees the process end by that signal, as it expects of any program.
///
/// The handlers are installed, and the signals unblocked, even where the parent ignores or
/// blocks them (a background job of a script; a test runner's child): `kill -INT` is how a
/// script interrupts a download.
package struct InterruptSignal {
  static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// Installs the handlers until `restore()`.
  package static func install() -> InterruptSignal {
    installation.withLock { installed in
      if installed.installs == 0 {
        receivedSignal = 0
        installed.previousHandlers = signals.map { number in (number, signal(number) { caught in receivedSignal = caught }) }
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for number in signals { sigaddset(&unblock, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, &installed.previousMask)
      }
      installed.installs += 1
    }
    return InterruptSignal()
  }

  /// The signal received since `install()`, or nil.
  var received: Int32? { receivedSignal == 0 ? nil : receivedSignal }

  /// Puts the handlers that were there before back, once every download that installed
  /// them is done.
  package func restore() {
    installation.withLock { installed in
      installed.installs -= 1
      guard installed.installs == 0 else { return }
      pthread_sigmask(SIG_SETMASK, &installed.previousMask, nil)
      for (number, handler) in installed.previousHandlers { signal(number, handler) }
      installed.previousHandlers = []
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
