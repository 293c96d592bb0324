import Foundation
import StoreKit

/// A payment-queue observer as an app writes one: an `NSObject` whose conformance, declared
/// in an extension, implements some of the protocol's optional methods. It records what it
/// hears, each line with the state the transaction showed at that moment.
final class SKRecordingObserver: NSObject, @unchecked Sendable {
  private let lock = NSLock()
  private var recorded: [String] = []
  private var heard: [SKPaymentTransaction] = []
  private var offMain = 0
  private var beforeReturn = 0
  /// Set by a test once the call that causes callbacks has returned.
  var callReturned: Bool {
    get { lock.withLock { returned } }
    set { lock.withLock { returned = newValue } }
  }
  private var returned = true

  /// What was heard, in order.
  var lines: [String] { lock.withLock { recorded } }
  /// Every transaction of `updatedTransactions`, in order.
  var transactions: [SKPaymentTransaction] { lock.withLock { heard } }
  /// How many callbacks came off the main queue.
  var callbacksOffMain: Int { lock.withLock { offMain } }
  /// How many callbacks came before the call that caused them returned.
  var callbacksBeforeReturn: Int { lock.withLock { beforeReturn } }

  func record(_ line: String, _ transactions: [SKPaymentTransaction] = []) {
    let main = SK1Fixture.onMainQueue
    lock.withLock {
      recorded.append(line)
      heard += transactions
      if !main { offMain += 1 }
      if !returned { beforeReturn += 1 }
    }
  }

  /// Waits until a line satisfies `match`.
  func wait(isolation: isolated (any Actor)? = #isolation, for match: (String) -> Bool) async throws -> Bool {
    try await SK1Fixture.eventually { lines.contains(where: match) }
  }

  /// "updated <product> <state> <identifier or ->".
  static func line(_ prefix: String, _ t: SKPaymentTransaction) -> String {
    "\(prefix) \(t.payment.productIdentifier) \(t.transactionState) \(t.transactionIdentifier ?? "-")"
  }
}

extension SKRecordingObserver: SKPaymentTransactionObserver {
  func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
    for transaction in transactions { record(Self.line("updated", transaction), [transaction]) }
  }

  func paymentQueue(_ queue: SKPaymentQueue, removedTransactions transactions: [SKPaymentTransaction]) {
    for transaction in transactions { record("removed \(transaction.payment.productIdentifier)") }
  }

  func paymentQueueRestoreCompletedTransactionsFinished(_ queue: SKPaymentQueue) {
    record("restore finished")
  }

  func paymentQueue(_ queue: SKPaymentQueue, restoreCompletedTransactionsFailedWithError error: any Error) {
    record("restore failed \((error as? SKError).map { "\($0.code)" } ?? "not an SKError")")
  }

  func paymentQueueDidChangeStorefront(_ queue: SKPaymentQueue) {
    record("storefront \(queue.storefront?.countryCode ?? "-")")
  }

  func paymentQueue(_ queue: SKPaymentQueue, didRevokeEntitlementsForProductIdentifiers productIdentifiers: [String]) {
    record("revoked \(productIdentifiers.joined(separator: ","))")
  }
}
