import Foundation

@testable import IAPCore

/// Catalogs for the store's tests, built as the catalog's reader builds them from a
/// `catalog.plist` that gives each product only its id, type and price (titles "Title of
/// ID", descriptions "About ID").
enum CatalogFixtures {
  /// A small catalog with each kind of product.
  static let standard = Catalog(products: [
    product("gems", .consumable, price: "0.99"),
    product("sword", .nonConsumable, price: "4.99"),
    product("shield", .nonConsumable, price: "2.5"),
    product("retired", .nonConsumable, price: "1", clearedForSale: false),
    subscription("pro.monthly", price: "9.99", group: "pro", period: .oneMonth),
    product("pass", .nonRenewing, price: "19.99"),
  ])

  /// A product of `type`, cleared for sale unless told otherwise.
  static func product(
    _ id: String, _ type: ProductType, price: String, clearedForSale: Bool = true, offerCodes: [OfferCode] = []
  ) -> Product {
    var product = Product(
      id: id, type: type, title: "Title of \(id)", description: "About \(id)", price: Decimal(string: price)!,
      clearedForSale: clearedForSale)
    product.offerCodes = offerCodes
    return product
  }

  /// An auto-renewable subscription of `group` at `level` (the reader's default level is 1).
  static func subscription(
    _ id: String, price: String, group: String = "club", period: SubscriptionPeriod, level: Int = 1,
    introductoryOffer: IntroductoryOffer? = nil, promotionalOffers: [PromotionalOffer] = [],
    winBackOffers: [WinBackOffer] = [], offerCodes: [OfferCode] = []
  ) -> Product {
    var product = Product(
      id: id, type: .autoRenewable, title: "Title of \(id)", description: "About \(id)", price: Decimal(string: price)!,
      subscriptionGroup: group, subscriptionPeriod: period, groupLevel: level, introductoryOffer: introductoryOffer)
    product.promotionalOffers = promotionalOffers
    product.winBackOffers = winBackOffers
    product.offerCodes = offerCodes
    return product
  }

  /// An offer's terms, as `paymentMode`, `period`, `numberOfPeriods` (default 1) and `price`.
  static func terms(_ mode: IntroductoryOffer.PaymentMode, _ period: String, _ count: Int = 1, price: String? = nil) -> IntroductoryOffer {
    IntroductoryOffer(paymentMode: mode, period: OfferPeriod(iso8601: period)!, numberOfPeriods: count, price: price.map { Decimal(string: $0)! })
  }
}
