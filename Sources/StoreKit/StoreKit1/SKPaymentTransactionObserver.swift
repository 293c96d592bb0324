import Foundation

/// What the payment queue tells its observers, on the main queue: transactions added and
/// changed, transactions finished, how a restore ended, and what changed in the store.
///
/// Only `paymentQueue(_:updatedTransactions:)` is required. The others are optional in
/// Apple's protocol; Swift on Linux has no optional requirements, so each is a requirement
/// with a default that does nothing (or, for `shouldAddStorePayment`, answers true). Being
/// requirements, they are called through the conformance: a class's own implementation is
/// the one the queue calls, whether it is written in the class or in the extension that
/// declares the conformance. (A subclass cannot override one written in an extension, as
/// Swift without Objective-C forbids overriding extension members.)
public protocol SKPaymentTransactionObserver: NSObjectProtocol {
  /// Transactions were added to the queue or changed state.
  func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction])
  /// Transactions were finished and left the queue.
  func paymentQueue(_ queue: SKPaymentQueue, removedTransactions transactions: [SKPaymentTransaction])
  /// A restore failed; `error` is an `SKError`.
  func paymentQueue(_ queue: SKPaymentQueue, restoreCompletedTransactionsFailedWithError error: any Error)
  /// A restore ended: every restored transaction was delivered before this.
  func paymentQueueRestoreCompletedTransactionsFinished(_ queue: SKPaymentQueue)
  /// Downloads changed state or progressed.
  func paymentQueue(_ queue: SKPaymentQueue, updatedDownloads downloads: [SKDownload])
  /// A purchase started in the App Store (a promoted product): true to add the payment now.
  /// The store has no App Store page to start one from, so the queue never asks.
  func paymentQueue(_ queue: SKPaymentQueue, shouldAddStorePayment payment: SKPayment, for product: SKProduct) -> Bool
  /// The store's storefront changed (`storefront` setting).
  func paymentQueueDidChangeStorefront(_ queue: SKPaymentQueue)
  /// The customer lost these products: a refund, or a Family Sharing purchase revoked.
  func paymentQueue(_ queue: SKPaymentQueue, didRevokeEntitlementsForProductIdentifiers productIdentifiers: [String])
}

/// The optional methods' defaults: an observer that does not implement one ignores what it says.
extension SKPaymentTransactionObserver {
  /// Does nothing.
  public func paymentQueue(_ queue: SKPaymentQueue, removedTransactions transactions: [SKPaymentTransaction]) {}
  /// Does nothing.
  public func paymentQueue(_ queue: SKPaymentQueue, restoreCompletedTransactionsFailedWithError error: any Error) {}
  /// Does nothing.
  public func paymentQueueRestoreCompletedTransactionsFinished(_ queue: SKPaymentQueue) {}
  /// Does nothing.
  public func paymentQueue(_ queue: SKPaymentQueue, updatedDownloads downloads: [SKDownload]) {}
  /// Adds the payment.
  public func paymentQueue(_ queue: SKPaymentQueue, shouldAddStorePayment payment: SKPayment, for product: SKProduct) -> Bool { true }
  /// Does nothing.
  public func paymentQueueDidChangeStorefront(_ queue: SKPaymentQueue) {}
  /// Does nothing.
  public func paymentQueue(_ queue: SKPaymentQueue, didRevokeEntitlementsForProductIdentifiers productIdentifiers: [String]) {}
}
