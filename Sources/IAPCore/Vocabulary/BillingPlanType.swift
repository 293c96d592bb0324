/// Apple's `billingPlanType` and `renewalBillingPlanType` (JWSTransaction, JWSRenewalInfo;
/// `BillingPlanType` and `RenewalBillingPlanType` in Apple's libraries): how a subscription's
/// price is billed.
package enum BillingPlanType: String, CaseIterable, Sendable {
  /// The whole period's price at the start of each period: a product's own price.
  case billedUpfront = "BILLED_UPFRONT"
  /// A yearly subscription billed in twelve monthly payments the customer commits to.
  case monthly = "MONTHLY"

  /// The name a command takes (`--billing-plan monthly`).
  package var optionName: String {
    switch self {
    case .billedUpfront: "billed-upfront"
    case .monthly: "monthly"
    }
  }

  /// The plan an option or Apple's raw value names: `monthly`, `MONTHLY`, `billed-upfront`,
  /// `BILLED_UPFRONT`.
  package init?(name: String) {
    guard let plan = Self.allCases.first(where: { $0.optionName == name || $0.rawValue == name }) else { return nil }
    self = plan
  }
}
