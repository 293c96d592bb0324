import Testing
@testable import IAPSystem

@Suite struct MutexTests {
  /// Counts kept by `Mutex`, written from threads `DetachedThread` starts.
  final class Counts: @unchecked Sendable {
    let mutex = Mutex()
    var total = 0
    var finished = 0
  }

  /// Four threads add 10,000 each under the mutex; the waiter wakes when the last one ends.
  /// Without mutual exclusion the total comes out short; without the broadcast the test
  /// never returns.
  @Test func threadsAddUnderTheMutexAndTheWaiterWakesWhenTheyEnd() {
    let counts = Counts()
    for _ in 0..<4 {
      DetachedThread.start {
        for _ in 0..<10_000 { counts.mutex.withLock { counts.total += 1 } }
        counts.mutex.withLock {
          counts.finished += 1
          counts.mutex.broadcast()
        }
      }
    }
    counts.mutex.lock()
    while counts.finished < 4 { counts.mutex.wait() }
    let total = counts.total
    counts.mutex.unlock()
    #expect(total == 40_000)
  }

  @Test func withLockPassesResultsAndErrorsThrough() {
    struct Failure: Error, Equatable {}
    let mutex = Mutex()
    #expect(mutex.withLock { 7 } == 7)
    #expect(throws: Failure()) { try mutex.withLock { () throws(Failure) -> Int in throw Failure() } }
    // Released after the throw: taking it again does not deadlock.
    #expect(mutex.withLock { true })
  }
}
