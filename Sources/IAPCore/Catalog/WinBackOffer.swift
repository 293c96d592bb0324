/// A win-back offer of an auto-renewable subscription (`Product.SubscriptionInfo.winBackOffers`):
/// a free or discounted return for a customer whose subscription lapsed, on the terms an
/// introductory offer has, and Apple's eligibility rules as App Store Connect sets them
/// (`customerEligibilityPaidSubscriptionDurationInMonths`,
/// `customerEligibilityTimeSinceLastSubscribedInMonths`,
/// `customerEligibilityWaitBetweenOffersInMonths`).
package struct WinBackOffer: Equatable, Sendable {
  /// The offer identifier (`offerId`), unique within its product.
  package var id: String
  /// The terms, in the introductory offer's vocabulary.
  package var terms: IntroductoryOffer
  /// How many months the customer must have paid for in the group (0: any customer).
  package var paidMonths: Int
  /// How long ago the subscription must have lapsed, in months: at least `minimum`, and less
  /// than `maximum` when there is one.
  package var minimumMonthsSinceLastSubscribed: Int
  package var maximumMonthsSinceLastSubscribed: Int?
  /// How many months must pass after a win-back offer is redeemed before another; nil when
  /// the offer sets no wait.
  package var waitBetweenOffersMonths: Int?

  package init(
    id: String, terms: IntroductoryOffer, paidMonths: Int = 0, minimumMonthsSinceLastSubscribed: Int = 0,
    maximumMonthsSinceLastSubscribed: Int? = nil, waitBetweenOffersMonths: Int? = nil
  ) {
    self.id = id
    self.terms = terms
    self.paidMonths = paidMonths
    self.minimumMonthsSinceLastSubscribed = minimumMonthsSinceLastSubscribed
    self.maximumMonthsSinceLastSubscribed = maximumMonthsSinceLastSubscribed
    self.waitBetweenOffersMonths = waitBetweenOffersMonths
  }

  /// The largest number of months a catalog may give any of the eligibility fields; Apple's
  /// own bounds are smaller (24 months since last subscribed, five years paid).
  package static let maximumMonths = 99
}
