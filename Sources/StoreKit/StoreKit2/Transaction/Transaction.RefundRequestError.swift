import Foundation

extension Transaction {
  /// StoreKit's `Transaction.RefundRequestError`: why a refund request could not be
  /// submitted. Apple's `beginRefundRequest(in:)` takes a window scene, which this platform
  /// has not; the error is here for what names it (StoreKitTest's simulated refund-request
  /// failures), and the store's refund requests (`POST /transactions/{id}/refund-request`)
  /// fail with the store's `fail-refund-request` setting.
  public enum RefundRequestError: Error, LocalizedError, Equatable, Hashable {
    /// The App Store already has a refund request for this purchase.
    case duplicateRequest
    /// The request could not be submitted.
    case failed

    /// The error, in English.
    public var errorDescription: String? {
      switch self {
      case .duplicateRequest: return "A refund request for this purchase was already submitted."
      case .failed: return "The refund request could not be submitted."
      }
    }
  }
}
