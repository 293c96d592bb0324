#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A promotional offer of an auto-renewable subscription, as App Store Connect defines it
/// (`Product.SubscriptionOffer` of type `.promotional`, `SKProductDiscount` of type
/// `.subscription`): an identifier the app names when it buys, and the same terms as an
/// introductory offer (a free period, or a reduced price paid per period or up front).
///
/// Unlike the introductory offer, it is for current and lapsed subscribers, and the app's
/// server must sign each use (`PromotionalOfferVerifier`).
package struct PromotionalOffer: Equatable, Sendable {
  /// The offer identifier (`offerID` in `.storekit` files), unique within its product.
  package var id: String
  /// The terms, in the introductory offer's vocabulary.
  package var terms: IntroductoryOffer

  package init(id: String, terms: IntroductoryOffer) {
    self.id = id
    self.terms = terms
  }

  package var paymentMode: IntroductoryOffer.PaymentMode { terms.paymentMode }
  package var period: OfferPeriod { terms.period }
  package var numberOfPeriods: Int { terms.numberOfPeriods }
  package var price: Decimal? { terms.price }
}
