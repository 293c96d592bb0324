#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What an accepted redemption applies: an auto-renewable subscription's terms, or a
/// one-time price, and Apple's `offerType` (an offer code or a win-back offer).
package struct RedeemedOffer: Equatable, Sendable {
  var id: String
  var terms: IntroductoryOffer?
  var oneTimePrice: Decimal?
  var type: OfferType
}
