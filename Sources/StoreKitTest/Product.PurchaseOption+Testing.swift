import Foundation
import StoreKit

/// StoreKitTest's purchase options, for `SKTestSession.buyProduct(identifier:options:)` and
/// for the app's own `Product.purchase(options:)` in a test.
extension Product.PurchaseOption {
  /// Dates the purchase at `date`, now or earlier (a later one fails the purchase with the
  /// store's refusal, `StoreKitError.systemError`), to the millisecond. An auto-renewable
  /// subscription's periods run from `date`: with `.renewUntilNow` it has renewed up to now
  /// (each renewal a transaction, made at once), with `.cancelImmediately` it ends with its
  /// first period. The store refuses a dated subscription purchase in a group the customer has
  /// subscribed to before, whose periods it would overlap.
  public static func purchaseDate(_ date: Date, renewalBehavior: SubscriptionRenewalBehavior = .renewUntilNow) -> Product.PurchaseOption {
    Product.PurchaseOption(kind: .purchaseDate(date, cancelsImmediately: renewalBehavior == .cancelImmediately))
  }
}
