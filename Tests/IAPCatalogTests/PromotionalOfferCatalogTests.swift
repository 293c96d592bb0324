import Foundation
import Testing

@testable import IAPCatalog
@testable import IAPCore

/// `promotionalOffers` in `catalog.plist`, `adHocOffers` (and `subscriptionOffers`) in
/// `.storekit` files, and the offers' way through the catalog cache and `catalog convert`.
@Suite struct PromotionalOfferCatalogTests: CatalogLoading {
  func catalog(offers: String, type: String = "autoRenewable") -> String {
    let subscription = type == "autoRenewable"
      ? "<key>subscriptionGroup</key><string>pro</string><key>subscriptionPeriod</key><string>P1M</string>" : ""
    return CatalogFixtures.plist(products: [
      CatalogFixtures.product("pro", type, price: "<string>4.99</string>", extra: subscription + "<key>promotionalOffers</key>" + offers)
    ])
  }

  static let twoOffers = """
    <array><dict><key>id</key><string>half</string><key>paymentMode</key><string>payAsYouGo</string>\
    <key>period</key><string>P1M</string><key>numberOfPeriods</key><integer>3</integer><key>price</key><string>2.49</string></dict>\
    <dict><key>id</key><string>free</string><key>paymentMode</key><string>free</string><key>period</key><string>P2W</string></dict></array>
    """

  @Test func readsEachOfferWithTheIntroductoryOffersTerms() throws {
    let loaded = try load(catalog(offers: Self.twoOffers))
    #expect(loaded.warnings == [])
    #expect(loaded.catalog.product("pro")?.promotionalOffers == [
      PromotionalOffer(id: "half", terms: IntroductoryOffer(paymentMode: .payAsYouGo, period: OfferPeriod(count: 1, unit: .month)!, numberOfPeriods: 3, price: Decimal(string: "2.49"))),
      PromotionalOffer(id: "free", terms: IntroductoryOffer(paymentMode: .free, period: OfferPeriod(count: 2, unit: .week)!)),
    ])
  }

  @Test func reportsEveryBadOffer() {
    let offers = """
      <array><dict><key>paymentMode</key><string>free</string><key>period</key><string>P1W</string></dict>\
      <dict><key>id</key><string>a</string><key>paymentMode</key><string>half</string><key>period</key><string>P1W</string></dict>\
      <dict><key>id</key><string>b</string><key>paymentMode</key><string>free</string><key>period</key><string>P1W</string></dict>\
      <dict><key>id</key><string>b</string><key>paymentMode</key><string>free</string><key>period</key><string>P1W</string></dict>\
      <string>x</string></array>
      """
    #expect(problems(catalog(offers: offers)) == [
      "catalog.plist: products[0] (pro): promotionalOffers[0].id: missing (expected an offer identifier)",
      "catalog.plist: products[0] (pro): promotionalOffers[1].paymentMode: expected one of free, payAsYouGo, payUpFront, got \"half\"",
      "catalog.plist: products[0] (pro): promotionalOffers[3].id: duplicate offer id 'b'",
      "catalog.plist: products[0] (pro): promotionalOffers[4]: expected a dictionary with id, paymentMode, period, numberOfPeriods and price, got \"x\"",
    ])
    #expect(problems(catalog(offers: "<string>x</string>")).first?.contains("promotionalOffers: expected an array of offer dictionaries") == true)
  }

  @Test func onlyAutoRenewableProductsHaveThem() throws {
    let loaded = try load(catalog(offers: Self.twoOffers, type: "nonConsumable"))
    #expect(loaded.warnings == ["catalog.plist: products[0] (pro): promotionalOffers: only applies to autoRenewable products (ignored)"])
    #expect(loaded.catalog.product("pro")?.promotionalOffers == [])
  }

  @Test func theCacheAndConvertKeepThem() throws {
    let catalog = try load(catalog(offers: Self.twoOffers)).catalog
    let product = try #require(catalog.product("pro"))
    #expect(CatalogCache.decode(CatalogCache.encode(product)) == product)
    let xml = try CatalogPlistWriter.xml(catalog, source: "c.plist", displayPath: "c.plist")
    #expect(try load(xml).catalog == catalog)
  }

  @Test func storeKitAdHocOffersArePromotionalOffers() throws {
    let offers =
      #", "adHocOffers" : [ { "displayPrice" : "0.99", "internalID" : "A1", "numberOfPeriods" : 2, "offerID" : "come.back", "#
      + #""paymentMode" : "payAsYouGo", "referenceName" : "Come back", "subscriptionPeriod" : "P1M" } ], "#
      + #""subscriptionOffers" : [ { "internalID" : "A2", "numberOfPeriods" : 1, "offerID" : "free.week", "paymentMode" : "free", "#
      + #""referenceName" : "Free week", "subscriptionPeriod" : "P1W" } ]"#
    let text = StoreKitFixtures.file(StoreKitFixtures.group(StoreKitFixtures.subscription("com.x.pro", extra: offers)))
    let loaded = try load(text, file: "Shop.storekit")
    #expect(loaded.warnings == [])
    let product = try #require(loaded.catalog.product("com.x.pro"))
    #expect(product.promotionalOffers.map(\.id) == ["come.back", "free.week"])
    #expect(product.promotionalOffer("come.back")?.terms == IntroductoryOffer(paymentMode: .payAsYouGo, period: OfferPeriod(count: 1, unit: .month)!, numberOfPeriods: 2, price: Decimal(string: "0.99")))
    let bad = #", "adHocOffers" : [ { "numberOfPeriods" : 1, "paymentMode" : "free", "subscriptionPeriod" : "P1W" } ]"#
    let badFile = StoreKitFixtures.file(StoreKitFixtures.group(StoreKitFixtures.subscription("com.x.pro", extra: bad)))
    #expect((try? load(badFile, file: "Shop.storekit")) == nil)
    #expect(problems(badFile).map { $0.replacingOccurrences(of: "catalog.plist", with: "Shop.storekit") } == ["Shop.storekit: subscriptionGroups[0].subscriptions[0] (com.x.pro): adHocOffers[0].offerID: missing (expected a non-empty string)"])
  }

  /// RevenueCat's test file (version 5) has promotional offers on two subscriptions.
  @Test func theRealRevenueCatFileHasItsPromotionalOffers() throws {
    let path = try StoreKitFixtures.fixture(named: "revenuecat-unittests.storekit")
    let catalog = try CatalogLoader.load(path: path, displayPath: "rc.storekit").catalog
    let offers = try #require(catalog.product("com.revenuecat.monthly_4.99.1_week_intro")?.promotionalOffers)
    #expect(offers.map(\.id) == ["com.revenuecat.monthly_4.99.1_week_intro.year_discount", "com.revenuecat.monthly_4.99.1_week_intro.pay_as_you_go"])
    #expect(offers[0].terms == IntroductoryOffer(paymentMode: .payUpFront, period: OfferPeriod(count: 1, unit: .year)!, numberOfPeriods: 1, price: Decimal(string: "40.99")))
    #expect(offers[1].terms == IntroductoryOffer(paymentMode: .payAsYouGo, period: OfferPeriod(count: 1, unit: .month)!, numberOfPeriods: 2, price: Decimal(string: "20.15")))
    #expect(catalog.product("com.revenuecat.sampleapp.monthly.12mocommitment")?.promotionalOffers.map(\.id) == ["upfront.promo.offer", "12mocommitment.promo.offer"])
  }

  /// The bundled catalog.plist offers two promotional offers on its monthly subscription.
  @Test func theBundledCatalogHasPromotionalOffers() throws {
    let loaded = try CatalogLoader.load(path: CatalogFixtures.bundledPath, displayPath: "catalog.plist")
    #expect(loaded.warnings == [])
    #expect(loaded.catalog.product("com.example.fakegame.pro.monthly")?.promotionalOffers.map(\.id) == ["winback.half_price", "loyalty.free_month"])
  }
}
