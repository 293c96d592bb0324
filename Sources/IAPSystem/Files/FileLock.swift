#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Advisory whole-file locks (`flock`) on an open descriptor: held until released or until
/// the last descriptor sharing the open file is closed, so a crashed holder never leaves
/// one behind.
package enum FileLock {
  /// Shared (readers) or exclusive (one writer).
  package enum Mode: Sendable {
    case shared, exclusive
  }

  /// Takes the lock on `fd`, waiting for it unless `wait` is false. An interruption by a
  /// signal is retried; any other failure is thrown, `.wouldBlock` when `wait` is false and
  /// another holds the lock.
  package static func acquire(_ fd: Int32, _ mode: Mode, wait: Bool = true) throws(Errno) {
    let operation = (mode == .shared ? LOCK_SH : LOCK_EX) | (wait ? 0 : LOCK_NB)
    while flock(fd, operation) != 0 {
      let error = Errno.current
      if error != .interrupted { throw error }
    }
  }

  /// Releases the lock `fd` holds.
  package static func release(_ fd: Int32) {
    _ = flock(fd, LOCK_UN)
  }
}
