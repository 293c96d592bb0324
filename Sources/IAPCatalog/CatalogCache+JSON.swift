#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPCore
import IAPFormats

/// How the cache writes the catalog's own fields and its products: JSON, one product a line.
extension CatalogCache {
  /// Everything of the catalog but its products: what purchases and settings need.
  static func encodeFields(_ c: Catalog) -> JSONValue {
    .object([
      ("bundleId", .string(c.bundleId)), ("storefront", .string(c.storefront)), ("locale", .string(c.locale)),
      ("currency", .optional(c.currency)), ("sharedSecret", .optional(c.sharedSecret)),
      ("settings", .array(c.settings.entries.map { .array([.string($0.name), .string($0.value)]) })),
    ])
  }

  static func decodeFields(_ json: JSONValue) -> Catalog? {
    guard let bundleId = json["bundleId"]?.stringValue, let storefront = json["storefront"]?.stringValue,
      let locale = json["locale"]?.stringValue, let entries = json["settings"]?.arrayValue
    else { return nil }
    var catalog = Catalog(bundleId: bundleId, storefront: storefront, locale: locale, currency: json["currency"]?.stringValue)
    catalog.sharedSecret = json["sharedSecret"]?.stringValue
    for entry in entries {
      guard let pair = entry.arrayValue, pair.count == 2, let name = pair[0].stringValue, let value = pair[1].stringValue,
        CatalogSettings.names.contains(name)
      else { return nil }
      catalog.settings.set(name, value)
    }
    return catalog
  }

  static func encode(_ p: Product) -> JSONValue {
    let localizations = p.localizations.keys.sorted().map { locale in
      (locale, JSONValue.object([
        ("title", .string(p.localizations[locale]!.title)),
        ("description", .string(p.localizations[locale]!.description)),
      ]))
    }
    return .object([
      ("id", .string(p.id)), ("type", .string(p.type.rawValue)), ("title", .string(p.title)),
      ("description", .string(p.description)), ("price", .string(p.priceText)),
      ("referenceName", .optional(p.referenceName)), ("clearedForSale", .bool(p.clearedForSale)),
      ("familyShareable", .bool(p.familyShareable)), ("localizations", .object(localizations)),
      ("subscriptionGroup", .optional(p.subscriptionGroup)),
      ("subscriptionPeriod", .optional(p.subscriptionPeriod?.rawValue)),
      ("groupLevel", p.groupLevel.map { .int(Int64($0)) } ?? .null),
      ("content", .optional(p.content)),
      ("introductoryOffer", p.introductoryOffer.map(encodeOffer) ?? .null),
      ("promotionalOffers", .array(p.promotionalOffers.map { offer in
        .object([("id", .string(offer.id))] + (encodeOffer(offer.terms).objectValue ?? []))
      })),
      ("winBackOffers", .array(p.winBackOffers.map(encodeWinBack))),
      ("offerCodes", .array(p.offerCodes.map(encodeCode))),
      ("billingPlans", .array(p.billingPlans.map { plan in
        .object([
          ("type", .string(plan.type.rawValue)), ("price", .string("\(plan.price)")),
          ("commitmentPrice", .string("\(plan.commitmentPrice)")),
        ])
      })),
    ])
  }

  private static func encodeOffer(_ offer: IntroductoryOffer) -> JSONValue {
    .object([
      ("paymentMode", .string(offer.paymentMode.rawValue)), ("period", .string(offer.period.iso8601)),
      ("numberOfPeriods", .int(Int64(offer.numberOfPeriods))), ("price", .optional(offer.price.map { "\($0)" })),
    ])
  }

  private static func encodeWinBack(_ offer: WinBackOffer) -> JSONValue {
    .object(
      [("id", .string(offer.id))] + (encodeOffer(offer.terms).objectValue ?? []) + [
        ("paidMonths", .int(Int64(offer.paidMonths))), ("minimumMonths", .int(Int64(offer.minimumMonthsSinceLastSubscribed))),
        ("maximumMonths", offer.maximumMonthsSinceLastSubscribed.map { .int(Int64($0)) } ?? .null),
        ("waitMonths", offer.waitBetweenOffersMonths.map { .int(Int64($0)) } ?? .null),
      ])
  }

  private static func decodeWinBack(_ value: JSONValue) -> WinBackOffer? {
    guard let id = value["id"]?.stringValue, let terms = decodeOffer(value), let paid = value["paidMonths"]?.intValue,
      let minimum = value["minimumMonths"]?.intValue
    else { return nil }
    return WinBackOffer(
      id: id, terms: terms, paidMonths: Int(paid), minimumMonthsSinceLastSubscribed: Int(minimum),
      maximumMonthsSinceLastSubscribed: value["maximumMonths"]?.intValue.map { Int($0) },
      waitBetweenOffersMonths: value["waitMonths"]?.intValue.map { Int($0) })
  }

  private static func encodeCode(_ code: OfferCode) -> JSONValue {
    guard let terms = code.terms else {
      return .object([("id", .string(code.id)), ("oneTimePrice", .optional(code.price.map { "\($0)" }))])
    }
    let kinds = OfferCode.Eligibility.allCases.filter(code.eligibility.contains).map { JSONValue.string($0.rawValue) }
    return .object([("id", .string(code.id))] + (encodeOffer(terms).objectValue ?? []) + [("eligibility", .array(kinds))])
  }

  private static func decodeCode(_ value: JSONValue) -> OfferCode? {
    guard let id = value["id"]?.stringValue else { return nil }
    if let text = value["oneTimePrice"]?.stringValue {
      return Decimal(string: text).map { OfferCode(id: id, price: $0) }
    }
    guard let terms = decodeOffer(value), let kinds = value["eligibility"]?.arrayValue else { return nil }
    let eligibility = Set(kinds.compactMap { $0.stringValue.flatMap(OfferCode.Eligibility.init(rawValue:)) })
    return OfferCode(id: id, terms: terms, eligibility: eligibility)
  }

  private static func decodeOffer(_ value: JSONValue) -> IntroductoryOffer? {
    guard let mode = value["paymentMode"]?.stringValue.flatMap(IntroductoryOffer.PaymentMode.init(rawValue:)),
      let offerPeriod = value["period"]?.stringValue.flatMap(OfferPeriod.init(iso8601:)),
      let count = value["numberOfPeriods"]?.intValue
    else { return nil }
    return IntroductoryOffer(
      paymentMode: mode, period: offerPeriod, numberOfPeriods: Int(count),
      price: value["price"]?.stringValue.flatMap { Decimal(string: $0) })
  }

  static func decode(_ json: JSONValue) -> Product? {
    guard let id = json["id"]?.stringValue, let type = json["type"]?.stringValue.flatMap(ProductType.init(rawValue:)),
      let title = json["title"]?.stringValue, let description = json["description"]?.stringValue,
      let priceText = json["price"]?.stringValue, let price = Decimal(string: priceText),
      let cleared = json["clearedForSale"]?.boolValue, let shareable = json["familyShareable"]?.boolValue,
      let localizationList = json["localizations"]?.objectValue
    else { return nil }
    var localizations: [String: Product.Localization] = [:]
    for (locale, value) in localizationList {
      guard let title = value["title"]?.stringValue, let description = value["description"]?.stringValue else { return nil }
      localizations[locale] = Product.Localization(title: title, description: description)
    }
    let period = json["subscriptionPeriod"]?.stringValue
    var offer: IntroductoryOffer?
    if let value = json["introductoryOffer"], value != .null {
      guard let decoded = decodeOffer(value) else { return nil }
      offer = decoded
    }
    var promotional: [PromotionalOffer] = []
    for value in json["promotionalOffers"]?.arrayValue ?? [] {
      guard let id = value["id"]?.stringValue, let terms = decodeOffer(value) else { return nil }
      promotional.append(PromotionalOffer(id: id, terms: terms))
    }
    var winBack: [WinBackOffer] = []
    for value in json["winBackOffers"]?.arrayValue ?? [] {
      guard let offer = decodeWinBack(value) else { return nil }
      winBack.append(offer)
    }
    var codes: [OfferCode] = []
    for value in json["offerCodes"]?.arrayValue ?? [] {
      guard let code = decodeCode(value) else { return nil }
      codes.append(code)
    }
    var plans: [BillingPlan] = []
    for value in json["billingPlans"]?.arrayValue ?? [] {
      guard let type = value["type"]?.stringValue.flatMap(BillingPlanType.init(rawValue:)),
        let price = value["price"]?.stringValue.flatMap({ Decimal(string: $0) }),
        let commitment = value["commitmentPrice"]?.stringValue.flatMap({ Decimal(string: $0) })
      else { return nil }
      plans.append(BillingPlan(type: type, price: price, commitmentPrice: commitment))
    }
    var product = Product(
      id: id, type: type, title: title, description: description, price: price,
      referenceName: json["referenceName"]?.stringValue, clearedForSale: cleared, familyShareable: shareable,
      localizations: localizations, subscriptionGroup: json["subscriptionGroup"]?.stringValue,
      subscriptionPeriod: period.flatMap(SubscriptionPeriod.init(rawValue:)),
      groupLevel: json["groupLevel"]?.intValue.map { Int($0) })
    product.introductoryOffer = offer
    product.promotionalOffers = promotional
    product.winBackOffers = winBack
    product.offerCodes = codes
    product.billingPlans = plans
    product.content = json["content"]?.stringValue
    // The cache wrote the price's description, so it can be handed over as it is.
    return product.withPriceText(priceText)
  }
}
