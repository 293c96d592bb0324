import Foundation
import IAPFormats

extension Product {
  /// StoreKit's `Product.SubscriptionOffer`: an introductory, promotional or win-back offer
  /// of an auto-renewable subscription.
  public struct SubscriptionOffer: Equatable, Hashable, Sendable {
    /// The offer's identifier; nil for an introductory offer.
    public let id: String?
    /// The kind of offer.
    public let type: OfferType
    /// The price of one offer period (0 for a free trial).
    public let price: Decimal
    /// `price` formatted in the storefront's currency.
    public let displayPrice: String
    /// One offer period.
    public let period: Product.SubscriptionPeriod
    /// How many periods the offer lasts.
    public let periodCount: Int
    /// How the customer pays.
    public let paymentMode: PaymentMode

    /// StoreKit's `Product.SubscriptionOffer.OfferType`.
    public struct OfferType: RawRepresentable, Equatable, Hashable, Sendable {
      /// The raw value.
      public let rawValue: String

      /// The value of this raw value; one StoreKit does not name is kept as it is.
      public init(rawValue: String) { self.rawValue = rawValue }

      /// The offer new subscribers of the group get.
      public static let introductory = OfferType(rawValue: "introductory")
      /// An offer the app applies with a signature (`PurchaseOption.promotionalOffer`).
      public static let promotional = OfferType(rawValue: "promotional")
      /// An offer for customers whose subscription lapsed.
      public static let winBack = OfferType(rawValue: "winBack")

      /// The kind of offer, in English.
      public var localizedDescription: String {
        switch self {
        case .introductory: return "Introductory Offer"
        case .promotional: return "Promotional Offer"
        case .winBack: return "Win-Back Offer"
        default: return rawValue
        }
      }
    }

    /// StoreKit's `Product.SubscriptionOffer.PaymentMode`.
    public struct PaymentMode: RawRepresentable, Equatable, Hashable, Sendable {
      /// The raw value.
      public let rawValue: String

      /// The value of this raw value; one StoreKit does not name is kept as it is.
      public init(rawValue: String) { self.rawValue = rawValue }

      /// Nothing to pay while the offer lasts.
      public static let freeTrial = PaymentMode(rawValue: "freeTrial")
      /// A discounted price each period.
      public static let payAsYouGo = PaymentMode(rawValue: "payAsYouGo")
      /// One discounted price for the offer's whole duration.
      public static let payUpFront = PaymentMode(rawValue: "payUpFront")

      /// The payment mode, in English.
      public var localizedDescription: String {
        switch self {
        case .freeTrial: return "Free Trial"
        case .payAsYouGo: return "Pay As You Go"
        case .payUpFront: return "Pay Up Front"
        default: return rawValue
        }
      }
    }

    /// An offer as the control plane shows it (`introductoryOffer`, `promotionalOffers[]`,
    /// `winBackOffers[]` of a product); `format` writes a price the store did not format.
    init?(_ json: JSONValue, type: OfferType, format: (Decimal) -> String) {
      guard let mode = json.string("paymentMode"), let period = json.string("period").flatMap(SubscriptionPeriod.init(iso8601:)),
        let count = json.int("numberOfPeriods")
      else { return nil }
      // The catalog says `free`; StoreKit's payment mode is `freeTrial`.
      paymentMode = mode == "free" ? .freeTrial : PaymentMode(rawValue: mode)
      id = type == .introductory ? nil : json.string("id")
      self.type = json.string("type").map(OfferType.init(rawValue:)) ?? type
      let price = paymentMode == .freeTrial ? 0 : json.decimal("price") ?? 0
      self.price = price
      displayPrice = json.string("displayPrice") ?? format(price)
      self.period = period
      periodCount = count
    }
  }
}
