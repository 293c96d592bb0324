import Foundation

/// An offer of an auto-renewable subscription: its introductory offer
/// (`SKProduct.introductoryPrice`) or one of its promotional offers (`SKProduct.discounts`).
open class SKProductDiscount: NSObject, @unchecked Sendable {
  /// What the store said of the offer; immutable once made.
  let values: Values

  /// An offer's description, as the store answers it.
  struct Values: Sendable {
    var identifier: String?
    var price = Decimal(0)
    var priceLocale = Locale.current
    var subscriptionPeriod = SKProductSubscriptionPeriod()
    var numberOfPeriods = 0
    var paymentMode = PaymentMode.payAsYouGo
    var type = `Type`.introductory
  }

  /// An offer with no terms: for a subclass that supplies its own.
  public override init() {
    values = Values()
    super.init()
  }

  init(values: Values) {
    self.values = values
    super.init()
  }

  /// A promotional offer's identifier (what `SKPaymentDiscount.identifier` names); nil for
  /// an introductory offer.
  open var identifier: String? { values.identifier }
  /// The offer's price: each period's (`payAsYouGo`), the whole offer's (`payUpFront`), or
  /// zero (`freeTrial`).
  open var price: NSDecimalNumber { NSDecimalNumber(decimal: values.price) }
  /// The locale to format `price` with, the product's.
  open var priceLocale: Locale { values.priceLocale }
  /// One period of the offer.
  open var subscriptionPeriod: SKProductSubscriptionPeriod { values.subscriptionPeriod }
  /// How many periods the offer lasts.
  open var numberOfPeriods: Int { values.numberOfPeriods }
  /// How the customer pays during the offer.
  open var paymentMode: PaymentMode { values.paymentMode }
  /// Whether the offer is introductory or promotional.
  open var type: `Type` { values.type }

  /// How the customer pays during an offer.
  public enum PaymentMode: UInt, Sendable {
    /// The offer's price each period.
    case payAsYouGo = 0
    /// The offer's price once, for all its periods.
    case payUpFront = 1
    /// Nothing.
    case freeTrial = 2
  }

  /// Which kind of offer it is.
  public enum `Type`: UInt, Sendable {
    /// The introductory offer, for customers new to the subscription group.
    case introductory = 0
    /// A promotional offer, redeemed with a signed `SKPaymentDiscount`.
    case subscription = 1
  }
}
