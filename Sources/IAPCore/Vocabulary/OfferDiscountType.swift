/// Apple's `offerDiscountType` (JWSTransaction; `OfferDiscountType` in Apple's libraries):
/// how the customer pays during an offer.
package enum OfferDiscountType: String, CaseIterable, Sendable {
  case freeTrial = "FREE_TRIAL"
  case payAsYouGo = "PAY_AS_YOU_GO"
  case payUpFront = "PAY_UP_FRONT"
  /// An offer code's price on a consumable, non-consumable or non-renewing subscription.
  case oneTime = "ONE_TIME"
}
