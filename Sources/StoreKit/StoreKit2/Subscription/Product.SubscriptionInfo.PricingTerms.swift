import Foundation
import IAPFormats

extension Product.SubscriptionInfo {
  /// StoreKit's `Product.SubscriptionInfo.BillingPlanType`: how a subscription's price is
  /// billed.
  public struct BillingPlanType: RawRepresentable, Equatable, Hashable, Sendable {
    /// The plan's name, as the signed payloads spell it (`BILLED_UPFRONT`, `MONTHLY`).
    public let rawValue: String

    /// A plan of that name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The whole period's price at the start of each period.
    public static let billedUpfront = BillingPlanType(rawValue: "BILLED_UPFRONT")
    /// Twelve monthly payments the customer commits to, for a yearly subscription.
    public static let monthly = BillingPlanType(rawValue: "MONTHLY")
  }

  /// StoreKit's `Product.SubscriptionInfo.BillingPeriod`: the time between two payments.
  public typealias BillingPeriod = Product.SubscriptionPeriod

  /// StoreKit's `Product.SubscriptionInfo.CommitmentInfo`: what the customer commits to when
  /// subscribing under a plan, in all.
  public struct CommitmentInfo: Equatable, Hashable, Sendable {
    /// The price of the whole commitment.
    public let price: Decimal
    /// `price`, formatted for the storefront.
    public let displayPrice: String
    /// How long the commitment lasts.
    public let period: Product.SubscriptionPeriod
  }

  /// StoreKit's `Product.SubscriptionInfo.PricingTerms`: one way to pay for the subscription
  /// (`pricingTerms`): the price billed each billing period, and the commitment.
  public struct PricingTerms: Equatable, Hashable, Sendable {
    /// How the price is billed.
    public let billingPlanType: BillingPlanType
    /// The price of each billing period.
    public let billingPrice: Decimal
    /// `billingPrice`, formatted for the storefront.
    public let billingDisplayPrice: String
    /// The time between two payments.
    public let billingPeriod: BillingPeriod
    /// The commitment the customer agrees to under these terms.
    public let commitmentInfo: CommitmentInfo
    /// The offers that apply to these terms: the product's, for the terms billed up front;
    /// none for the monthly plan, whose offers the catalog does not hold.
    public let subscriptionOffers: [Product.SubscriptionOffer]

    /// The offers of type `type` among `subscriptionOffers`.
    public subscript(offers type: Product.SubscriptionOffer.OfferType) -> [Product.SubscriptionOffer] {
      subscriptionOffers.filter { $0.type == type }
    }

    /// The terms of a control-plane product object: its price billed up front for each
    /// `subscriptionPeriod`, then each of its `billingPlans`.
    static func all(
      _ json: JSONValue, period: Product.SubscriptionPeriod, offers: [Product.SubscriptionOffer], format: (Decimal) -> String
    ) -> [PricingTerms] {
      guard let price = json.string("price").flatMap({ Decimal(string: $0) }) else { return [] }
      let shown = json.string("displayPrice") ?? format(price)
      var terms = [
        PricingTerms(
          billingPlanType: .billedUpfront, billingPrice: price, billingDisplayPrice: shown, billingPeriod: period,
          commitmentInfo: CommitmentInfo(price: price, displayPrice: shown, period: period), subscriptionOffers: offers)
      ]
      for plan in json["billingPlans"]?.arrayValue ?? [] {
        guard let type = plan.string("billingPlanType"), let monthly = plan.string("price").flatMap({ Decimal(string: $0) }),
          let total = plan.string("commitmentPrice").flatMap({ Decimal(string: $0) })
        else { continue }
        terms.append(
          PricingTerms(
            billingPlanType: BillingPlanType(rawValue: type), billingPrice: monthly,
            billingDisplayPrice: plan.string("displayPrice") ?? format(monthly), billingPeriod: Product.SubscriptionPeriod(unit: .month, value: 1),
            commitmentInfo: CommitmentInfo(
              price: total, displayPrice: plan.string("commitmentDisplayPrice") ?? format(total), period: Product.SubscriptionPeriod(unit: .year, value: 1)),
            subscriptionOffers: []))
      }
      return terms
    }
  }
}
