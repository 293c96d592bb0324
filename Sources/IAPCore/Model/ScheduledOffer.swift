#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A promotional offer (or offer code) a current subscriber redeemed for the product they already have (or
/// a lower level of the group), waiting for the next renewal: Apple applies such an offer at
/// the renewal date rather than cutting the paid period short (an Apple engineer on the
/// developer forums, thread 756304; OFFER_REDEEMED without a subtype, or DOWNGRADE).
///
/// The terms are kept with the subscription, so the renewal needs no catalog.
package struct ScheduledOffer: Equatable, Sendable {
  /// The product the offer belongs to: it applies when the subscription renews into it.
  package var productId: String
  /// The offer identifier (`offerIdentifier` of the renewal it prices).
  package var id: String
  package var terms: IntroductoryOffer
  /// Apple's `offerType`: a promotional offer or an offer code (a win-back offer is for
  /// lapsed customers only, so never waits).
  package var offerType: OfferType

  package init(productId: String, offer: PromotionalOffer, offerType: OfferType? = nil) {
    self.init(productId: productId, id: offer.id, terms: offer.terms, offerType: offerType ?? .promotional)
  }

  package init(productId: String, id: String, terms: IntroductoryOffer, offerType: OfferType = .promotional) {
    self.productId = productId
    self.id = id
    self.terms = terms
    self.offerType = offerType
  }

  /// The price of the first period it prices, a decimal string ("0" for a free trial).
  package var firstPrice: String? {
    terms.paymentMode == .free ? "0" : terms.price.map { "\($0)" }
  }
}
