import StoreKit

extension Product.PurchaseOption {
  /// Apple's `SubscriptionRenewalBehavior`: what an auto-renewable subscription bought with
  /// `purchaseDate(_:renewalBehavior:)` does after its first period.
  public enum SubscriptionRenewalBehavior: Codable, Hashable, Sendable {
    /// It renews, period after period, from the purchase date up to now.
    case renewUntilNow
    /// It is cancelled from the start: one period, which expires at its end.
    case cancelImmediately
  }
}
