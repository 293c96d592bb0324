#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPCore
import IAPKit
import IAPFormats

/// How products are shown: as `SKProduct` would present them in the store's locale.
public struct ProductView {
  public let formatter: PriceFormatter

  /// - Parameter currency: the storefront's currency (`Catalog.currency(in:)`); the locale
  ///   only formats it.
  public init(catalog: Catalog, locale: String?, currency: String) {
    formatter = PriceFormatter(locale: locale ?? catalog.locale, currency: currency)
  }

  public func json(_ p: Product) -> JSONValue {
    let copy = p.localization(for: formatter.locale)
    return .object([
      ("id", .string(p.id)),
      ("type", .string(p.type.rawValue)),
      ("title", .string(copy.title)),
      ("description", .string(copy.description)),
      ("price", .string(p.priceText)),
      ("displayPrice", .string(formatter.string(for: p.price, text: p.priceText))),
      ("currency", .string(formatter.currency)),
      ("locale", .string(formatter.locale)),
      ("clearedForSale", .bool(p.clearedForSale)),
      ("familyShareable", .bool(p.familyShareable)),
      ("subscriptionGroup", .optional(p.subscriptionGroup)),
      ("subscriptionPeriod", .optional(p.subscriptionPeriod?.rawValue)),
      ("groupLevel", p.groupLevel.map { .int(Int64($0)) } ?? .null),
      ("introductoryOffer", p.introductoryOffer.map { offer in
        .object([
          ("paymentMode", .string(offer.paymentMode.rawValue)), ("period", .string(offer.period.iso8601)),
          ("numberOfPeriods", .int(Int64(offer.numberOfPeriods))), ("price", .optional(offer.price.map { "\($0)" })),
        ])
      } ?? .null),
      ("promotionalOffers", .array(p.promotionalOffers.map(offerJSON))),
    ])
  }

  /// A promotional offer as `Product.SubscriptionOffer` (and `SKProduct.discounts`) shows it.
  func offerJSON(_ offer: PromotionalOffer) -> JSONValue {
    let price = offer.paymentMode == .free ? Decimal(0) : offer.price
    return .object([
      ("id", .string(offer.id)), ("type", .string("promotional")),
      ("price", .optional(price.map { "\($0)" })), ("displayPrice", .optional(price.map { formatter.string(for: $0) })),
      ("paymentMode", .string(offer.paymentMode.rawValue)), ("period", .string(offer.period.iso8601)),
      ("numberOfPeriods", .int(Int64(offer.numberOfPeriods))),
    ])
  }

  /// Two lines a product: id, type, price, title; then the description, indented.
  public func lines(_ products: [Product]) -> [String] {
    var table = TextTable()
    var descriptions: [String] = []
    for p in products {
      let copy = p.localization(for: formatter.locale)
      descriptions.append(copy.description)
      var title = copy.title
      if !p.clearedForSale { title += "  (not cleared for sale)" }
      if let period = p.subscriptionPeriod, let group = p.subscriptionGroup {
        title += "  [\(period.rawValue), group \(group), level \(p.groupLevel ?? 1)]"
      }
      table.append([p.id, p.type.rawValue, formatter.string(for: p.price, text: p.priceText), title])
    }
    var result: [String] = []
    for (line, description) in zip(table.lines, descriptions) {
      result.append(line)
      result.append("    " + description)
    }
    return result
  }
}
