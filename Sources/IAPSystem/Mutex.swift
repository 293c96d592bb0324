#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A POSIX mutex, with a condition variable for waiting on what it guards.
///
/// iap's own rather than `NSLock` / `NSCondition`: those are the whole Foundation's, and
/// referencing them links CoreFoundation, libdispatch and ICU into the executable, whose
/// initialisers every command pays for before `main` (docs/performance.md, start-up). The
/// `pthread` objects live at fixed addresses of their own, as POSIX requires (a Swift
/// stored property may move).
package final class Mutex: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>

  package init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    condition.deallocate()
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  package func lock() { pthread_mutex_lock(mutex) }

  package func unlock() { pthread_mutex_unlock(mutex) }

  /// Runs `body` with the mutex held.
  package func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    lock()
    defer { unlock() }
    return try body()
  }

  /// Releases the mutex (which the caller holds) until another thread calls `broadcast`,
  /// then takes it again. Callers wait in a loop on their own predicate: POSIX allows
  /// spurious wake-ups.
  package func wait() { pthread_cond_wait(condition, mutex) }

  /// Wakes every thread in `wait`.
  package func broadcast() { pthread_cond_broadcast(condition) }
}
