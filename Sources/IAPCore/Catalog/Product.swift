#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One product as App Store Connect holds it: identity, kind, price and store copy.
package struct Product: Equatable, Sendable {
  /// Localized store copy.
  package struct Localization: Equatable, Sendable {
    package var title: String
    package var description: String

    package init(title: String, description: String) {
      self.title = title
      self.description = description
    }
  }

  package var id: String
  package var type: ProductType
  package var title: String
  package var description: String
  /// The highest price a catalog may give: signed payloads carry prices in thousandths as
  /// 64-bit integers (`Int64.max` milliunits).
  package static let maximumPrice = Decimal(Int64.max) / 1000
  /// The price in the catalog's currency, exact, from 0 to `maximumPrice`.
  package var price: Decimal { didSet { knownPriceText = Memo() } }
  /// `price` as text, when whoever made the product had it already (the catalog cache).
  private var knownPriceText: Memo = Memo()
  package var referenceName: String?
  package var clearedForSale: Bool
  package var familyShareable: Bool
  /// Store copy by locale identifier (`fr_FR`, `de`), normalized to underscores.
  package var localizations: [String: Localization]
  package var subscriptionGroup: String?
  package var subscriptionPeriod: SubscriptionPeriod?
  /// Rank within the subscription group; 1 is the highest level of service.
  package var groupLevel: Int?
  /// An auto-renewable subscription's introductory offer (free trial or reduced price).
  package var introductoryOffer: IntroductoryOffer?
  /// An auto-renewable subscription's promotional offers, in catalog order.
  package var promotionalOffers: [PromotionalOffer] = []
  /// An auto-renewable subscription's win-back offers, in catalog order (the best first).
  package var winBackOffers: [WinBackOffer] = []
  /// Offer codes: a subscription's campaigns, or a one-time price for the other types.
  package var offerCodes: [OfferCode] = []
  /// A yearly subscription's billing plans besides its own price billed up front: at most
  /// one, monthly with a 12-month commitment.
  package var billingPlans: [BillingPlan] = []
  /// A non-consumable's hosted content: a file or folder relative to the catalog's folder
  /// (normalized, never leaving it), downloaded with `iap download start`.
  package var content: String?

  package init(
    id: String, type: ProductType, title: String, description: String, price: Decimal,
    referenceName: String? = nil, clearedForSale: Bool = true, familyShareable: Bool = false,
    localizations: [String: Localization] = [:], subscriptionGroup: String? = nil,
    subscriptionPeriod: SubscriptionPeriod? = nil, groupLevel: Int? = nil, introductoryOffer: IntroductoryOffer? = nil,
    content: String? = nil
  ) {
    self.id = id
    self.type = type
    self.title = title
    self.description = description
    self.price = price
    self.referenceName = referenceName
    self.clearedForSale = clearedForSale
    self.familyShareable = familyShareable
    self.localizations = localizations
    self.subscriptionGroup = subscriptionGroup
    self.subscriptionPeriod = subscriptionPeriod
    self.groupLevel = groupLevel
    self.introductoryOffer = introductoryOffer
    self.content = content
  }

  /// The promotional offer `id`, if the product has one.
  package func promotionalOffer(_ id: String) -> PromotionalOffer? { promotionalOffers.first { $0.id == id } }

  /// The win-back offer `id`, if the product has one.
  package func winBackOffer(_ id: String) -> WinBackOffer? { winBackOffers.first { $0.id == id } }

  /// The billing plan of type `type`, if the product has one.
  package func billingPlan(_ type: BillingPlanType) -> BillingPlan? { billingPlans.first { $0.type == type } }

  /// The offer code whose reference name is `id`, if the product has one.
  package func offerCode(_ id: String) -> OfferCode? { offerCodes.first { $0.id == id } }

  /// The price as plain decimal text (`4.99`), as transactions record it.
  ///
  /// The catalog cache hands it over with the product: `Decimal`'s own description is costly
  /// the first time it runs (docs/performance.md, "Shapes kept for start-up").
  package var priceText: String { knownPriceText.text ?? "\(price)" }

  /// This product, its price text given as `text` (which must be `price`'s description).
  package func withPriceText(_ text: String) -> Product {
    var copy = self
    copy.knownPriceText = Memo(text: text)
    return copy
  }

  /// A remembered derived value: it takes no part in equality, since it only repeats what
  /// the other properties say.
  private struct Memo: Equatable, Sendable {
    var text: String?
    static func == (_: Memo, _: Memo) -> Bool { true }
  }

  /// The store copy shown in `locale`: an exact match (`fr_CA`), then the language (`fr`,
  /// or any `fr_*`), then the product's own title and description.
  package func localization(for locale: String) -> Localization {
    if let exact = localizations[locale] { return exact }
    let language = String(locale.prefix { $0 != "_" })
    if let byLanguage = localizations[language] { return byLanguage }
    if let sibling = localizations.keys.sorted().first(where: { $0.hasPrefix(language + "_") }) {
      return localizations[sibling]!
    }
    return Localization(title: title, description: description)
  }
}
