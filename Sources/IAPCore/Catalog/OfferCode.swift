#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An offer code (`Transaction.OfferType.code`): a campaign the customer redeems by typing a
/// code. Offer codes exist for every product type (Apple's `Transaction.OfferType.code`:
/// "available for any Apple In-App Purchase product type"):
/// - on an auto-renewable subscription, the terms of an introductory offer, for the customers
///   the campaign targets (`eligibility`);
/// - on a consumable, non-consumable or non-renewing subscription, a one-time price
///   (`offerDiscountType` `ONE_TIME`).
package struct OfferCode: Equatable, Sendable {
  /// Which customers an auto-renewable subscription's code is for, as App Store Connect
  /// names them (and `.storekit` files spell them).
  package enum Eligibility: String, CaseIterable, Sendable {
    /// Never subscribed in the group.
    case new
    /// Subscribed now (including a grace period or billing retry).
    case existing
    /// Subscribed once; the subscription has lapsed.
    case expired
  }

  /// The offer's reference name: what `iap buy --offer-code` names and the transaction's
  /// `offerIdentifier` carries.
  package var id: String
  /// An auto-renewable subscription's terms; nil for a one-time code.
  package var terms: IntroductoryOffer?
  /// A one-time code's price; nil for a subscription's (its terms carry it).
  package var price: Decimal?
  /// Who may redeem a subscription's code; every customer for a one-time code.
  package var eligibility: Set<Eligibility>

  package init(id: String, terms: IntroductoryOffer, eligibility: Set<Eligibility> = Set(Eligibility.allCases)) {
    self.id = id
    self.terms = terms
    self.price = nil
    self.eligibility = eligibility
  }

  package init(id: String, price: Decimal) {
    self.id = id
    self.terms = nil
    self.price = price
    self.eligibility = Set(Eligibility.allCases)
  }
}
