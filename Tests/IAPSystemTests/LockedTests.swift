import Testing
@testable import IAPSystem

@Suite struct LockedTests {
  /// Four threads add 10,000 each inside the lock; the waiter wakes when the last one ends.
  /// Without mutual exclusion the total comes out short; without the wake-up the test never
  /// returns.
  @Test func threadsAddInsideTheLockAndTheWaiterWakesWhenTheyEnd() {
    let counts = Locked((total: 0, finished: 0))
    for _ in 0..<4 {
      DetachedThread.start {
        for _ in 0..<10_000 { counts.withLock { $0.total += 1 } }
        counts.withLockWakingWaiters { $0.finished += 1 }
      }
    }
    let total = counts.withLock(when: { $0.finished == 4 }) { $0.total }
    #expect(total == 40_000)
  }

  @Test func withLockPassesResultsAndErrorsThrough() {
    struct Failure: Error, Equatable {}
    let locked = Locked(3)
    #expect(locked.withLock { value -> Int in
      value += 4
      return value
    } == 7)
    #expect(throws: Failure()) { try locked.withLock { (_: inout Int) throws(Failure) -> Int in throw Failure() } }
    // Released after the throw: taking it again does not deadlock.
    #expect(locked.current == 7)
    #expect(locked.withLock(when: { $0 == 7 }) { $0 } == 7)
  }
}
