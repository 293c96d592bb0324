#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPFormats

extension Product {
  /// `Product.SubscriptionOffer`, in brief: an introductory offer's terms.
  public struct SubscriptionOffer: Sendable, Equatable {
    /// `Product.SubscriptionOffer.PaymentMode`: `freeTrial`, `payAsYouGo` or `payUpFront`.
    public let paymentMode: String
    /// One offer period, ISO 8601 (`P1W`).
    public let period: String
    /// How many periods the offer lasts.
    public let periodCount: Int
    /// The offer's price (0 for a free trial).
    public let price: Decimal

    /// From the control plane's `introductoryOffer` object; nil when it is not one.
    init?(_ json: JSONValue) {
      guard let mode = json["paymentMode"]?.stringValue, let period = json["period"]?.stringValue,
        let count = json["numberOfPeriods"]?.intValue.flatMap({ Int(exactly: $0) })
      else { return nil }
      // The catalog says `free`; StoreKit's payment mode is `freeTrial`.
      paymentMode = mode == "free" ? "freeTrial" : mode
      self.period = period
      periodCount = count
      price = json["price"]?.stringValue.flatMap { Decimal(string: $0) } ?? 0
    }
  }
}
