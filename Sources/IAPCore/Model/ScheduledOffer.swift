#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A promotional offer a current subscriber redeemed for the product they already have (or
/// a lower level of the group), waiting for the next renewal: Apple applies such an offer at
/// the renewal date rather than cutting the paid period short (an Apple engineer on the
/// developer forums, thread 756304; OFFER_REDEEMED without a subtype, or DOWNGRADE).
///
/// The terms are kept with the subscription, so the renewal needs no catalog.
public struct ScheduledOffer: Equatable, Sendable {
  /// The product the offer belongs to: it applies when the subscription renews into it.
  public var productId: String
  /// The offer identifier (`offerIdentifier` of the renewal it prices).
  public var id: String
  public var terms: IntroductoryOffer

  public init(productId: String, offer: PromotionalOffer) {
    self.productId = productId
    id = offer.id
    terms = offer.terms
  }

  public init(productId: String, id: String, terms: IntroductoryOffer) {
    self.productId = productId
    self.id = id
    self.terms = terms
  }

  /// The price of the first period it prices, a decimal string ("0" for a free trial).
  public var firstPrice: String? {
    terms.paymentMode == .free ? "0" : terms.price.map { "\($0)" }
  }
}
