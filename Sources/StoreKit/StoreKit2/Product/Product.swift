import Foundation
import IAPFormats

/// StoreKit's `Product`: an in-app purchase as the App Store shows it in the customer's
/// storefront and locale, loaded with `products(for:)`. It remembers the store it came
/// from, which `purchase(options:)` buys from. Equal products are the same store answer.
public struct Product: Identifiable, Equatable, Hashable, Sendable, CustomDebugStringConvertible {
  /// The product identifier's type (`Product.ID`).
  public typealias ID = String

  /// The product identifier, as App Store Connect (here, the catalog) names it.
  public let id: String
  /// The kind of in-app purchase.
  public let type: ProductType
  /// The localized name.
  public let displayName: String
  /// The localized description.
  public let description: String
  /// The price, in the storefront's currency.
  public let price: Decimal
  /// The price formatted for the customer, as the store formats it.
  public let displayPrice: String
  /// Whether Family Sharing shares it.
  public let isFamilyShareable: Bool
  /// The subscription's terms; nil for what is not an auto-renewable subscription.
  public let subscription: SubscriptionInfo?
  /// The product as the store described it, as JSON: the control plane's product object
  /// (its own keys, not the App Store's).
  public let jsonRepresentation: Data

  /// The store's product object, as JSON text.
  public var debugDescription: String { String(decoding: jsonRepresentation, as: UTF8.self) }

  /// The storefront's currency (ISO 4217) and the locale prices are shown in.
  let currencyCode: String
  let localeIdentifier: String
  /// The store the product came from.
  let store: StoreConnection

  /// The style that formats prices as `displayPrice` does: the storefront's currency in the
  /// store's locale.
  public var priceFormatStyle: Decimal.FormatStyle.Currency {
    Decimal.FormatStyle.Currency(code: currencyCode, locale: Locale(identifier: localeIdentifier))
  }

  /// The style that formats a subscription period's unit in the store's locale.
  public var subscriptionPeriodUnitFormatStyle: Product.SubscriptionPeriod.Unit.FormatStyle {
    Product.SubscriptionPeriod.Unit.FormatStyle(locale: Locale(identifier: localeIdentifier))
  }

  /// Whether both are the same answer of the store.
  public static func == (lhs: Product, rhs: Product) -> Bool { lhs.jsonRepresentation == rhs.jsonRepresentation }
  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) { hasher.combine(jsonRepresentation) }

  /// The product of a control-plane product object; nil for one StoreKit cannot show.
  init?(_ json: JSONValue, store: StoreConnection) {
    guard let id = json.string("id"), let type = json.string("type").flatMap(ProductType.init(catalogName:)),
      let price = json.decimal("price")
    else { return nil }
    self.id = id
    self.type = type
    displayName = json.string("title") ?? ""
    description = json.string("description") ?? ""
    self.price = price
    displayPrice = json.string("displayPrice") ?? ""
    isFamilyShareable = json.bool("familyShareable") ?? false
    currencyCode = json.string("currency") ?? "USD"
    localeIdentifier = json.string("locale") ?? "en_US"
    jsonRepresentation = json.data
    self.store = store
    let style = Decimal.FormatStyle.Currency(code: currencyCode, locale: Locale(identifier: localeIdentifier))
    subscription = type == .autoRenewable ? SubscriptionInfo(json, productID: id, store: store, format: { $0.formatted(style) }) : nil
  }
}
