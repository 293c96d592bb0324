#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPCore
import IAPFormats
import IAPKit

/// Products as JSON, as `SKProduct` would present them in the store's locale: what
/// `products list --json` prints and the control plane answers.
package struct ProductJSON {
  package let formatter: PriceFormatter

  /// - Parameter currency: the storefront's currency (`Catalog.currency(in:)`); the locale
  ///   only formats it.
  package init(catalog: Catalog, locale: String?, currency: String) {
    formatter = Self.formatter(catalog: catalog, locale: locale, currency: currency)
  }

  /// The storefront's currency in `locale`, else in the catalog's locale: how every view of
  /// products formats prices.
  package static func formatter(catalog: Catalog, locale: String?, currency: String) -> PriceFormatter {
    PriceFormatter(locale: locale ?? catalog.locale, currency: currency)
  }

  /// `{"products": [...]}`, with `invalidProductIdentifiers` for a fetch.
  package static func document(_ result: ProductsResult, fetched: Bool) -> JSONValue {
    let view = ProductJSON(catalog: result.catalog, locale: result.locale, currency: result.currency)
    var members: [(String, JSONValue)] = [("products", .array(result.products.map(view.object)))]
    if fetched { members.append(("invalidProductIdentifiers", .array(result.invalidProductIdentifiers.map(JSONValue.string)))) }
    return .object(members)
  }

  package func object(_ p: Product) -> JSONValue {
    let copy = p.localization(for: formatter.locale)
    var members: [(String, JSONValue)] = [
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
      ("promotionalOffers", .array(p.promotionalOffers.map { offer($0) })),
      ("winBackOffers", .array(p.winBackOffers.map { offer(PromotionalOffer(id: $0.id, terms: $0.terms), type: "winBack") })),
    ]
    // Only a yearly subscription with a monthly plan has billing plans to show.
    if !p.billingPlans.isEmpty {
      members.append((
        "billingPlans",
        .array(p.billingPlans.map { plan in
          .object([
            ("billingPlanType", .string(plan.type.rawValue)), ("price", .string("\(plan.price)")),
            ("displayPrice", .string(formatter.string(for: plan.price))), ("commitmentPrice", .string("\(plan.commitmentPrice)")),
            ("commitmentDisplayPrice", .string(formatter.string(for: plan.commitmentPrice))),
          ])
        })
      ))
    }
    return .object(members)
  }

  /// A promotional offer as `Product.SubscriptionOffer` (and `SKProduct.discounts`) shows it.
  /// A win-back offer (`Product.SubscriptionInfo.winBackOffers`) shows the same way, of type
  /// `winBack`.
  func offer(_ offer: PromotionalOffer, type: String = "promotional") -> JSONValue {
    let price = offer.paymentMode == .free ? Decimal(0) : offer.price
    return .object([
      ("id", .string(offer.id)), ("type", .string(type)),
      ("price", .optional(price.map { "\($0)" })), ("displayPrice", .optional(price.map { formatter.string(for: $0) })),
      ("paymentMode", .string(offer.paymentMode.rawValue)), ("period", .string(offer.period.iso8601)),
      ("numberOfPeriods", .int(Int64(offer.numberOfPeriods))),
    ])
  }
}
