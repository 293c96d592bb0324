#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A yearly auto-renewable subscription's other way to pay: monthly with a 12-month
/// commitment (`Product.SubscriptionInfo.pricingTerms`). The customer pays `price` each
/// month for twelve months, `commitmentPrice` in all; the product's own price is the plan
/// billed up front, and needs no entry.
package struct BillingPlan: Equatable, Sendable {
  /// How the plan bills; `.monthly` is the only plan a catalog adds.
  package var type: BillingPlanType
  /// The price of each billing period (a month).
  package var price: Decimal
  /// The price of the whole commitment: what the twelve billing periods add up to.
  package var commitmentPrice: Decimal

  /// The billing periods of one commitment (`totalBillingPeriods`).
  package static let commitmentPeriods = 12

  package init(type: BillingPlanType = .monthly, price: Decimal, commitmentPrice: Decimal? = nil) {
    self.type = type
    self.price = price
    self.commitmentPrice = commitmentPrice ?? price * Decimal(Self.commitmentPeriods)
  }
}
