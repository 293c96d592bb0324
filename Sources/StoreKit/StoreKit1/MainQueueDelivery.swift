import Dispatch

/// How StoreKit 1's objects call back: on the main queue, asynchronously (so never before the
/// call that caused the callback has returned), with the store they act for made the
/// current one (`StoreContext.current`), so that what an observer or a delegate calls from
/// its callback (`SKPaymentQueue.default().finishTransaction(_:)`) goes to the same store.
///
/// In a test process the main queue runs while a test awaits: Swift Testing parks the main
/// thread in `dispatch_main`, which hands the main queue's blocks to a thread of its own,
/// and XCTest runs the main run loop while an async test awaits and while `wait(for:)`
/// waits. A test that blocks the main thread itself (a semaphore on it) gets no callbacks;
/// so does a command-line program that never runs the main queue (`dispatchMain()`, an
/// `async` main, or `RunLoop.main.run()` runs it).
enum MainQueueDelivery {
  /// Runs `body` on the main queue, later, with `connection` as the task's store.
  static func async(_ connection: StoreConnection?, _ body: @escaping @Sendable () -> Void) {
    DispatchQueue.main.async {
      if let connection {
        StoreContext.$current.withValue(connection) { body() }
      } else {
        body()
      }
    }
  }
}

/// A value handed to another thread by a caller that guarantees it is not used from two at
/// once: StoreKit 1's objects are not `Sendable`, and each is used by one queue at a time
/// (the module's serial queue, then the main queue).
struct Handoff<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
