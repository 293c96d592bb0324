import Foundation
import IAPFormats

extension Product.SubscriptionInfo.RenewalInfo {
  /// StoreKit's `Product.SubscriptionInfo.RenewalInfo.CommitmentInfo`: what happens when a
  /// 12-month commitment ends.
  public struct CommitmentInfo: Equatable, Hashable, Sendable {
    /// When the commitment ends, and renews if it does.
    public let renewalDate: Date
    /// The price of the first billing period after it.
    public let renewalPrice: Decimal
    /// Whether the commitment renews: the customer's choice, which the months owed do not
    /// depend on.
    public let willAutoRenew: Bool
    /// The product it renews into.
    public let autoRenewPreference: String
    /// The plan it renews under.
    public let renewalBillingPlanType: Product.SubscriptionInfo.BillingPlanType

    /// The payload's `commitmentInfo`; nil when it lacks a member.
    init?(payload p: JSONValue) {
      guard let info = p["commitmentInfo"], let date = info.date("commitmentRenewalDate"),
        let price = info.milliunits("commitmentRenewalPrice"), let status = info.int("commitmentAutoRenewStatus"),
        let product = info.string("commitmentAutoRenewProductId"), let plan = info.string("commitmentRenewalBillingPlanType")
      else { return nil }
      renewalDate = date
      renewalPrice = price
      willAutoRenew = status == 1
      autoRenewPreference = product
      renewalBillingPlanType = Product.SubscriptionInfo.BillingPlanType(rawValue: plan)
    }
  }
}
