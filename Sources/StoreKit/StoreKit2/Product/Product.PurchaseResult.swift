extension Product {
  /// StoreKit's `Product.PurchaseResult`: how a purchase ended. Apps switch over it with
  /// `@unknown default`, for results a later StoreKit may add.
  public enum PurchaseResult: Sendable {
    /// The purchase succeeded: its signed transaction, to deliver and then finish.
    case success(VerificationResult<Transaction>)
    /// The customer cancelled.
    case userCancelled
    /// The purchase waits for an action outside the app (Ask to Buy, a payment issue); its
    /// transaction will come through `Transaction.updates`.
    case pending
  }
}
