import Foundation
import Testing

@testable import IAPCatalog
@testable import IAPCore

/// `winBackOffers` and `offerCodes` in `catalog.plist`, `winbackOffers` and `codeOffers` in
/// `.storekit` files (mapped, with no "not mapped" warning), and their way through the
/// catalog cache and `catalog convert`.
@Suite struct RedemptionOfferCatalogTests: CatalogLoading {
  static let subscription = "<key>subscriptionGroup</key><string>pro</string><key>subscriptionPeriod</key><string>P1M</string>"
  static let winBack = """
    <key>winBackOffers</key><array><dict><key>id</key><string>back</string><key>paymentMode</key><string>payUpFront</string>\
    <key>period</key><string>P3M</string><key>price</key><string>5.99</string><key>eligibilityPaidMonths</key><integer>6</integer>\
    <key>eligibilityMonthsSinceLastSubscribed</key><integer>2</integer><key>waitBetweenOffersMonths</key><integer>4</integer></dict></array>
    """
  static let codes = """
    <key>offerCodes</key><array><dict><key>id</key><string>SPRING</string><key>paymentMode</key><string>free</string>\
    <key>period</key><string>P1W</string><key>eligibility</key><array><string>expired</string></array></dict></array>
    """

  func catalog() -> String {
    CatalogFixtures.plist(products: [
      CatalogFixtures.product("pro", "autoRenewable", price: "<string>4.99</string>", extra: Self.subscription + Self.winBack + Self.codes),
      CatalogFixtures.product(
        "car", "nonConsumable", price: "<string>1.99</string>",
        extra: "<key>offerCodes</key><array><dict><key>id</key><string>CAR</string><key>price</key><string>0.99</string></dict></array>"),
    ])
  }

  @Test func readsBothKindsOnEveryProductType() throws {
    let loaded = try load(catalog())
    #expect(loaded.warnings == [])
    let pro = try #require(loaded.catalog.product("pro"))
    #expect(pro.winBackOffers == [
      WinBackOffer(
        id: "back", terms: IntroductoryOffer(paymentMode: .payUpFront, period: OfferPeriod(count: 3, unit: .month)!, price: Decimal(string: "5.99")),
        paidMonths: 6, minimumMonthsSinceLastSubscribed: 2, waitBetweenOffersMonths: 4)
    ])
    #expect(pro.offerCodes == [OfferCode(id: "SPRING", terms: IntroductoryOffer(paymentMode: .free, period: OfferPeriod(count: 1, unit: .week)!), eligibility: [.expired])])
    #expect(loaded.catalog.product("car")?.offerCodes == [OfferCode(id: "CAR", price: Decimal(string: "0.99")!)])
  }

  @Test func reportsBadOffers() {
    let bad = CatalogFixtures.plist(products: [
      CatalogFixtures.product(
        "pro", "autoRenewable", price: "<string>4.99</string>",
        extra: Self.subscription
          + "<key>winBackOffers</key><array><dict><key>id</key><string>w</string><key>paymentMode</key><string>free</string><key>period</key><string>P1M</string>"
          + "<key>eligibilityMonthsSinceLastSubscribed</key><dict><key>minimum</key><integer>6</integer><key>maximum</key><integer>2</integer></dict>"
          + "<key>eligibilityPaidMonths</key><integer>-1</integer></dict></array>"
          + "<key>offerCodes</key><array><dict><key>id</key><string>C</string><key>paymentMode</key><string>free</string><key>period</key><string>P1W</string>"
          + "<key>eligibility</key><array><string>lapsed</string></array></dict></array>"),
      CatalogFixtures.product("gems", "consumable", price: "<string>0.99</string>", extra: "<key>offerCodes</key><array><dict><key>id</key><string>G</string></dict></array>"),
    ])
    #expect(problems(bad) == [
      "catalog.plist: products[0] (pro): winBackOffers[0].eligibilityPaidMonths: expected a number of months, 0-99, got -1",
      "catalog.plist: products[0] (pro): winBackOffers[0].eligibilityMonthsSinceLastSubscribed: the maximum (2) must be above the minimum (6)",
      "catalog.plist: products[0] (pro): offerCodes[0].eligibility: expected a non-empty array of new, existing, expired, got an array",
      "catalog.plist: products[1] (gems): offerCodes[0].price: missing (expected the one-time price)",
    ])
  }

  @Test func theCacheAndConvertKeepThem() throws {
    let catalog = try load(catalog()).catalog
    for product in catalog.products { #expect(CatalogCache.decode(CatalogCache.encode(product)) == product) }
    let xml = try CatalogPlistWriter.xml(catalog, source: "c.plist", displayPath: "c.plist")
    #expect(try load(xml).catalog == catalog)
  }

  @Test func storeKitWinbackAndCodeOffersAreMapped() throws {
    let offers =
      #", "winbackOffers" : [ { "displayPrice" : "1.99", "internalID" : "W1", "numberOfPeriods" : 2, "offerID" : "come.back", "#
      + #""paymentMode" : "payAsYouGo", "referenceName" : "Come back", "subscriptionPeriod" : "P1M", "eligibilityPaidMonths" : 3, "#
      + #""eligibilityMonthsSinceLastSubscribed" : { "minimum" : 1, "maximum" : 12 } } ], "#
      + #""codeOffers" : [ { "eligibility" : [ "new", "expired" ], "internalID" : "C1", "isStackable" : false, "numberOfPeriods" : 1, "#
      + #""paymentMode" : "free", "referenceName" : "SUMMER", "subscriptionPeriod" : "P2W" } ]"#
    let consumable = StoreKitFixtures.product(
      "com.x.gems", extra: #", "codeOffers" : [ { "displayPrice" : "0.49", "internalID" : "C2", "referenceName" : "GEMS" } ]"#)
    let text = StoreKitFixtures.file(
      #""products" : [ \#(consumable) ]"#, StoreKitFixtures.group(StoreKitFixtures.subscription("com.x.pro", extra: offers)))
    let loaded = try load(text, file: "Shop.storekit")
    #expect(loaded.warnings == [])
    let pro = try #require(loaded.catalog.product("com.x.pro"))
    #expect(pro.winBackOffers == [
      WinBackOffer(
        id: "come.back", terms: IntroductoryOffer(paymentMode: .payAsYouGo, period: OfferPeriod(count: 1, unit: .month)!, numberOfPeriods: 2, price: Decimal(string: "1.99")),
        paidMonths: 3, minimumMonthsSinceLastSubscribed: 1, maximumMonthsSinceLastSubscribed: 12)
    ])
    #expect(pro.offerCodes == [OfferCode(id: "SUMMER", terms: IntroductoryOffer(paymentMode: .free, period: OfferPeriod(count: 2, unit: .week)!), eligibility: [.new, .expired])])
    #expect(loaded.catalog.product("com.x.gems")?.offerCodes == [OfferCode(id: "GEMS", price: Decimal(string: "0.49")!)])
  }

  /// The bundled catalog.plist has a win-back offer and an offer code on its monthly
  /// subscription, and a one-time code on its coins.
  @Test func theBundledCatalogHasExamplesOfBoth() throws {
    let loaded = try CatalogLoader.load(path: CatalogFixtures.bundledPath, displayPath: "catalog.plist")
    #expect(loaded.warnings == [])
    let monthly = try #require(loaded.catalog.product("com.example.fakegame.pro.monthly"))
    #expect(monthly.winBackOffers.map(\.id) == ["comeback.free_month"])
    #expect(monthly.offerCodes.map(\.id) == ["spring.half_price"])
    #expect(loaded.catalog.product("com.example.fakegame.coins_1000")?.offerCodes == [OfferCode(id: "coins.half_price", price: Decimal(string: "2.49")!)])
  }

  /// Xcode's files hold empty `winbackOffers` and `codeOffers` arrays; they load without a word.
  @Test func theRealRevenueCatFileLoadsWithoutOfferWarnings() throws {
    let path = try StoreKitFixtures.fixture(named: "revenuecat-unittests.storekit")
    let loaded = try CatalogLoader.load(path: path, displayPath: "rc.storekit")
    #expect(!loaded.warnings.contains { $0.contains("winbackOffers") || $0.contains("codeOffers") })
  }
}
