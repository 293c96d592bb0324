#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An auto-renewable subscription's introductory offer, as App Store Connect and Xcode's
/// `.storekit` files describe it: a free trial, or a reduced price paid per period or up front.
package struct IntroductoryOffer: Equatable, Sendable {
  /// How the customer pays during the offer (`Product.SubscriptionOffer.PaymentMode`).
  package enum PaymentMode: String, CaseIterable, Sendable {
    /// A free trial.
    case free
    /// The offer price each period, for `numberOfPeriods` periods.
    case payAsYouGo
    /// The offer price once, for all of `numberOfPeriods` periods.
    case payUpFront
  }

  package var paymentMode: PaymentMode
  /// The length of one offer period.
  package var period: OfferPeriod
  /// How many periods the offer lasts; at least 1.
  package var numberOfPeriods: Int
  /// The offer price in the catalog's currency, exact; nil when the catalog gives none (a
  /// free trial needs none).
  package var price: Decimal?

  package init(paymentMode: PaymentMode, period: OfferPeriod, numberOfPeriods: Int = 1, price: Decimal? = nil) {
    self.paymentMode = paymentMode
    self.period = period
    self.numberOfPeriods = numberOfPeriods
    self.price = price
  }

  /// `offerDiscountType` as Apple spells this offer's payment mode.
  package var discountType: OfferDiscountType {
    switch paymentMode {
    case .free: return .freeTrial
    case .payAsYouGo: return .payAsYouGo
    case .payUpFront: return .payUpFront
    }
  }

  /// Apple's `offerPeriod`: the offer's whole duration (pay as you go for 3 × P1M is P3M),
  /// on the period that redeems it, on each renewal it prices, and in renewal info.
  package var wholeDuration: String {
    (OfferPeriod(count: period.count * numberOfPeriods, unit: period.unit) ?? period).iso8601
  }
}
