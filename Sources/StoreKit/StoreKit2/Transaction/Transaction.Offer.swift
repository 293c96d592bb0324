import Foundation
import IAPFormats

extension Transaction {
  /// StoreKit's `Transaction.Offer`: the offer a transaction (or the next renewal, in
  /// renewal info) redeemed.
  public struct Offer: Equatable, Hashable, Sendable {
    /// The kind of offer.
    public let type: Transaction.OfferType
    /// The offer's identifier; nil for an introductory offer, which has none.
    public let id: String?
    /// How the customer pays for it; nil when the store does not say.
    public let paymentMode: PaymentMode?
    /// The offer's whole duration; nil when the store does not say.
    public let period: Product.SubscriptionPeriod?

    /// StoreKit's `Transaction.Offer.PaymentMode`.
    public struct PaymentMode: RawRepresentable, Equatable, Hashable, Sendable {
      /// `offerDiscountType` as signed payloads carry it.
      public let rawValue: String

      /// The value of this raw value; one StoreKit does not name is kept as it is.
      public init(rawValue: String) { self.rawValue = rawValue }

      /// Nothing to pay while the offer lasts.
      public static let freeTrial = PaymentMode(rawValue: "FREE_TRIAL")
      /// A discounted price each period of the offer.
      public static let payAsYouGo = PaymentMode(rawValue: "PAY_AS_YOU_GO")
      /// One discounted price for the offer's whole duration.
      public static let payUpFront = PaymentMode(rawValue: "PAY_UP_FRONT")
      /// An offer code's one price, on a product that is not an auto-renewable subscription.
      public static let oneTime = PaymentMode(rawValue: "ONE_TIME")

      /// The payment mode, in English.
      public var localizedDescription: String {
        switch self {
        case .freeTrial: return "Free Trial"
        case .payAsYouGo: return "Pay As You Go"
        case .payUpFront: return "Pay Up Front"
        case .oneTime: return "One Time"
        default: return rawValue
        }
      }
    }

    /// The offer of a signed payload (`offerType`, `offerIdentifier`, `offerDiscountType`,
    /// `offerPeriod`); nil when it names none.
    init?(payload: JSONValue) {
      guard let type = payload.int("offerType") else { return nil }
      self.type = OfferType(rawValue: type)
      id = payload.string("offerIdentifier")
      paymentMode = payload.string("offerDiscountType").map(PaymentMode.init(rawValue:))
      period = payload.string("offerPeriod").flatMap(Product.SubscriptionPeriod.init(iso8601:))
    }
  }
}
