import Foundation

/// What the observers hear, on the main queue, in the order it was scheduled.
extension SKPaymentQueue {
  /// Shows each change on its transaction, then tells the observers of them all. A
  /// transaction joins `transactions` when the observers first hear of it.
  func deliverUpdated(_ changes: [(SKPaymentTransaction, Change)]) {
    guard !changes.isEmpty else { return }
    let handoff = Handoff(changes)
    MainQueueDelivery.async(try? connection.get()) { [self] in
      let changes = handoff.value
      for (transaction, change) in changes {
        switch change {
        case .purchasing: break
        case let .version(version): transaction.apply(version)
        case let .failure(error): transaction.fail(error)
        }
      }
      let transactions = changes.map(\.0)
      lock.withLock {
        for transaction in transactions where !pending.contains(where: { $0 === transaction }) { pending.append(transaction) }
      }
      for observer in liveObservers() { observer.paymentQueue(self, updatedTransactions: transactions) }
    }
  }

  /// Takes transactions out of `transactions` and tells the observers they left.
  func deliverRemoved(_ transactions: [SKPaymentTransaction]) {
    guard !transactions.isEmpty else { return }
    let handoff = Handoff(transactions)
    MainQueueDelivery.async(try? connection.get()) { [self] in
      let transactions = handoff.value
      lock.withLock { pending.removeAll { item in transactions.contains { $0 === item } } }
      for observer in liveObservers() { observer.paymentQueue(self, removedTransactions: transactions) }
    }
  }

  /// Calls `body` for each observer.
  func deliverToObservers(_ body: @escaping @Sendable (SKPaymentQueue, any SKPaymentTransactionObserver) -> Void) {
    MainQueueDelivery.async(try? connection.get()) { [self] in
      for observer in liveObservers() { body(self, observer) }
    }
  }

  /// The observers still alive.
  func liveObservers() -> [any SKPaymentTransactionObserver] {
    lock.withLock { observers.compactMap(\.observer) }
  }
}
