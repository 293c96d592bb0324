import Foundation
import IAPFormats

extension SKProduct {
  /// The product of one member of a `GET /products` answer; nil when it lacks an id.
  convenience init?(store json: JSONValue) {
    guard let id = json["id"]?.stringValue else { return nil }
    let locale = Self.priceLocale(json)
    var values = Values(productIdentifier: id, priceLocale: locale)
    values.localizedTitle = json["title"]?.stringValue ?? ""
    values.localizedDescription = json["description"]?.stringValue ?? ""
    values.price = Self.decimal(json["price"])
    values.isFamilyShareable = json["familyShareable"]?.boolValue ?? false
    values.subscriptionGroupIdentifier = json["subscriptionGroup"]?.stringValue
    values.subscriptionPeriod = json["subscriptionPeriod"]?.stringValue.flatMap(SKProductSubscriptionPeriod.init(iso8601:))
    if let intro = json["introductoryOffer"], intro != .null {
      values.introductoryPrice = SKProductDiscount(store: intro, identifier: nil, type: .introductory, locale: locale)
    }
    values.discounts = (json["promotionalOffers"]?.arrayValue ?? []).compactMap { offer in
      SKProductDiscount(store: offer, identifier: offer["id"]?.stringValue, type: .subscription, locale: locale)
    }
    self.init(values: values)
  }

  /// The store's locale with the storefront's currency, as StoreKit's `priceLocale` is.
  static func priceLocale(_ json: JSONValue) -> Locale {
    let locale = json["locale"]?.stringValue ?? Locale.current.identifier
    guard let currency = json["currency"]?.stringValue else { return Locale(identifier: locale) }
    return Locale(identifier: locale + "@currency=" + currency)
  }

  /// A price the store writes as text (`"0.99"`); zero when absent (a free offer).
  static func decimal(_ json: JSONValue?) -> Decimal {
    json?.stringValue.flatMap { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) } ?? 0
  }
}

extension SKProductDiscount {
  /// The offer of an `introductoryOffer` or `promotionalOffers` member of a product; nil
  /// when its period is not one.
  convenience init?(store json: JSONValue, identifier: String?, type: `Type`, locale: Locale) {
    guard let period = json["period"]?.stringValue.flatMap(SKProductSubscriptionPeriod.init(iso8601:)) else { return nil }
    let modes: [String: PaymentMode] = ["free": .freeTrial, "payAsYouGo": .payAsYouGo, "payUpFront": .payUpFront]
    let mode = json["paymentMode"]?.stringValue.flatMap { modes[$0] } ?? .payAsYouGo
    self.init(
      values: Values(
        identifier: identifier, price: mode == .freeTrial ? 0 : SKProduct.decimal(json["price"]), priceLocale: locale,
        subscriptionPeriod: period, numberOfPeriods: Int(json["numberOfPeriods"]?.intValue ?? 1), paymentMode: mode, type: type))
  }
}
