import Foundation

/// A product of the store, as a products request answers it (`SKProductsResponse.products`):
/// its copy and price in the storefront's currency, and for a subscription its period and
/// offers.
///
/// Open, as Apple's is, so that a test can stand a subclass in for a product.
open class SKProduct: NSObject, @unchecked Sendable {
  /// What the store said of the product; immutable once made.
  let values: Values

  /// A product's description, as the store answers it.
  struct Values: Sendable {
    var productIdentifier = ""
    var localizedTitle = ""
    var localizedDescription = ""
    var price = Decimal(0)
    var priceLocale = Locale.current
    var isFamilyShareable = false
    var subscriptionPeriod: SKProductSubscriptionPeriod?
    var introductoryPrice: SKProductDiscount?
    var discounts: [SKProductDiscount] = []
    var subscriptionGroupIdentifier: String?
  }

  /// A product with no identifier, copy or price: for a subclass that supplies its own.
  public override init() {
    values = Values()
    super.init()
  }

  init(values: Values) {
    self.values = values
    super.init()
  }

  /// The product's identifier, as the catalog names it.
  open var productIdentifier: String { values.productIdentifier }
  /// The product's name, in the store's locale.
  open var localizedTitle: String { values.localizedTitle }
  /// The product's description, in the store's locale.
  open var localizedDescription: String { values.localizedDescription }
  /// The price, in the currency of `priceLocale`.
  open var price: NSDecimalNumber { NSDecimalNumber(decimal: values.price) }
  /// The locale to format `price` with: the store's locale, with the storefront's currency
  /// (`en_US@currency=USD`), as a `NumberFormatter`'s `locale` takes it.
  open var priceLocale: Locale { values.priceLocale }
  /// Whether a purchase is shared with the customer's family.
  open var isFamilyShareable: Bool { values.isFamilyShareable }
  /// Whether the product has content hosted by the store. The store's product answers do not
  /// say so (hosted content is downloaded with `iap download start`, not through StoreKit
  /// here), so this is false for every product.
  open var isDownloadable: Bool { false }
  /// The sizes of the hosted content: none, as `isDownloadable` says.
  open var downloadContentLengths: [NSNumber] { [] }
  /// The version of the hosted content: empty, as `isDownloadable` says.
  open var downloadContentVersion: String { "" }
  /// The version of the hosted content (the old name of `downloadContentVersion`).
  open var contentVersion: String { downloadContentVersion }
  /// An auto-renewable subscription's period; nil for other products.
  open var subscriptionPeriod: SKProductSubscriptionPeriod? { values.subscriptionPeriod }
  /// An auto-renewable subscription's introductory offer, if it has one.
  open var introductoryPrice: SKProductDiscount? { values.introductoryPrice }
  /// An auto-renewable subscription's promotional offers.
  open var discounts: [SKProductDiscount] { values.discounts }
  /// An auto-renewable subscription's group; nil for other products.
  open var subscriptionGroupIdentifier: String? { values.subscriptionGroupIdentifier }

  /// The unit of a subscription period.
  public enum PeriodUnit: UInt, Sendable {
    case day = 0
    case week = 1
    case month = 2
    case year = 3
  }
}
