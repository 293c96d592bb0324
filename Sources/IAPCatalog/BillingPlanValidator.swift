#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPCore
import IAPFormats

/// Validates the `billingPlans` array of an autoRenewable product in `catalog.plist`: one
/// dictionary per plan with `billingPlanType` (`MONTHLY`), `price` (each month's) and
/// `commitmentPrice` (the twelve months', by default twelve times `price`).
///
/// Apple offers monthly billing with a 12-month commitment on yearly subscriptions only, one
/// such plan a product; the product's own price is the plan billed up front.
package enum BillingPlanValidator {
  static let keys = ["billingPlanType", "price", "commitmentPrice"]

  /// The plans, in order; a plan with errors is left out (its problems are reported).
  static func validate(
    _ value: PlistValue?, period: SubscriptionPeriod?, index: Int, id: String?, _ problems: inout CatalogProblems
  ) -> [BillingPlan] {
    guard let value else { return [] }
    guard case let .array(items) = value else {
      problems.expected("an array of billing plan dictionaries", got: value, product: index, id: id, key: "billingPlans")
      return []
    }
    if let period, period != .oneYear, !items.isEmpty {
      problems.error("a monthly billing plan with a 12-month commitment needs a P1Y subscription, not \(period.rawValue)", product: index, id: id, key: "billingPlans")
      return []
    }
    var plans: [BillingPlan] = []
    for (position, item) in items.enumerated() {
      let key = "billingPlans[\(position)]"
      guard case let .dictionary(dict) = item else {
        problems.expected("a dictionary with billingPlanType, price and commitmentPrice", got: item, product: index, id: id, key: key)
        continue
      }
      for name in dict.keys.sorted() where !keys.contains(name) {
        problems.warning("unknown key (ignored)", product: index, id: id, key: "\(key).\(name)")
      }
      let errors = problems.errors.count
      switch dict["billingPlanType"] {
      case .string(BillingPlanType.monthly.rawValue)?:
        break
      case .string(BillingPlanType.billedUpfront.rawValue)?:
        problems.error("BILLED_UPFRONT is the product's own price; list MONTHLY plans only", product: index, id: id, key: key + ".billingPlanType")
      case let other?:
        problems.expected("MONTHLY", got: other, product: index, id: id, key: key + ".billingPlanType")
      case nil:
        problems.missing("MONTHLY", product: index, id: id, key: key + ".billingPlanType")
      }
      func price(_ name: String, required: Bool) -> Decimal? {
        guard let value = dict[name] else {
          if required { problems.missing("a decimal number > 0", product: index, id: id, key: "\(key).\(name)") }
          return nil
        }
        guard let price = ProductValidator.parsePrice(value), price > 0 else {
          problems.expected(ProductValidator.parsePrice(value) == 0 ? "a decimal number > 0" : ProductValidator.priceExpectation(value), got: value, product: index, id: id, key: "\(key).\(name)")
          return nil
        }
        return price
      }
      let monthly = price("price", required: true)
      let commitment = price("commitmentPrice", required: false)
      if let monthly, let commitment, commitment < monthly {
        problems.error("the commitment price (\(commitment)) is below one month's (\(monthly))", product: index, id: id, key: key + ".commitmentPrice")
      }
      if let monthly, commitment == nil, monthly * Decimal(BillingPlan.commitmentPeriods) > Product.maximumPrice {
        problems.error("twelve months of \(monthly) exceed the highest price", product: index, id: id, key: key + ".price")
      }
      if !plans.isEmpty {
        problems.error("a product has at most one MONTHLY billing plan", product: index, id: id, key: key)
      }
      guard problems.errors.count == errors, let monthly else { continue }
      plans.append(BillingPlan(type: .monthly, price: monthly, commitmentPrice: commitment))
    }
    return plans
  }
}
