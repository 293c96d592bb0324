import Foundation

/// The default payment queue of each store connection: `SKPaymentQueue.default()` answers
/// the one of the store StoreKit's calls go to now. Each queue holds its connection, so an
/// identifier here never names another connection.
enum PaymentQueueRegistry {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var queues: [ObjectIdentifier: SKPaymentQueue] = [:]
  nonisolated(unsafe) private static var unreachable: SKPaymentQueue?

  /// The default queue of the current store; when no store can be reached, one queue whose
  /// every call fails with the reason.
  static func current() -> SKPaymentQueue {
    let connection = Result { () throws(StoreConnectionError) in try StoreContext.connection() }
    return lock.withLock {
      guard case let .success(store) = connection else {
        if let unreachable { return unreachable }
        let queue = SKPaymentQueue(connection: connection)
        unreachable = queue
        return queue
      }
      if let queue = queues[ObjectIdentifier(store)] { return queue }
      let queue = SKPaymentQueue(connection: connection)
      queues[ObjectIdentifier(store)] = queue
      return queue
    }
  }
}
