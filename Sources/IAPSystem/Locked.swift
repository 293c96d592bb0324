/// A value that lives inside its lock: the only way to it is `withLock`, so no code can read
/// or write it unlocked, as a class with a lock beside its state leaves to convention.
///
/// iap's own rather than the standard library's `Synchronization.Mutex`, which needs macOS 15
/// on Apple platforms; built on `Mutex` for the reasons given there. The one
/// `@unchecked Sendable` this takes is checked by construction: every access goes through
/// the lock. `Value` is reached only inside `body`, which must not let a reference to
/// mutable state in it escape.
package final class Locked<Value>: @unchecked Sendable {
  private let mutex = Mutex()
  private var value: Value

  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` on the value with the lock held; what `body` returns is returned.
  package func withLock<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
    mutex.lock()
    defer { mutex.unlock() }
    return try body(&value)
  }

  /// Waits until `ready` holds of the value, then runs `body` on it with the lock held, as a
  /// condition variable's wait loop does: the lock is released while waiting, and `ready` is
  /// asked again after each wake-up (POSIX allows spurious ones). Only a change made through
  /// `withLockWakingWaiters` wakes the waiter.
  package func withLock<T, E: Error>(when ready: (Value) -> Bool, _ body: (inout Value) throws(E) -> T) throws(E) -> T {
    mutex.lock()
    defer { mutex.unlock() }
    while !ready(value) { mutex.wait() }
    return try body(&value)
  }

  /// Runs `body` on the value with the lock held, then wakes every thread waiting in
  /// `withLock(when:_:)`: for a change what they wait for may depend on.
  package func withLockWakingWaiters<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
    mutex.lock()
    defer {
      mutex.broadcast()
      mutex.unlock()
    }
    return try body(&value)
  }

  /// A copy of the value, read under the lock.
  package var current: Value { withLock { $0 } }
}
