#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `IAPStore.purchase` ends in, as StoreKit 2's `Product.PurchaseResult`.
public enum PurchaseResult: Sendable {
  /// Purchased (or restored): the transaction, to deliver and then finish.
  case success(VerificationResult<Transaction>)
  /// The customer cancelled.
  case userCancelled
  /// Waiting: Ask to Buy, or an interrupted purchase; the outcome arrives on `updates`.
  case pending
}
