import Foundation
import Testing

@testable import IAPCatalog
@testable import IAPCore

@Suite struct IntroductoryOfferValidatorTests {
  func catalog(offer: String, type: String = "autoRenewable") -> String {
    let subscription = type == "autoRenewable"
      ? "<key>subscriptionGroup</key><string>pro</string><key>subscriptionPeriod</key><string>P1M</string>" : ""
    let product = CatalogFixtures.product("pro", type, price: "<string>4.99</string>", extra: subscription + "<key>introductoryOffer</key>" + offer)
    return CatalogFixtures.plist(products: [product])
  }

  func load(_ text: String) throws(CatalogError) -> CatalogLoader.Loaded {
    try CatalogLoader.parse(Data(text.utf8), displayPath: "catalog.plist")
  }

  @Test func readsEveryKey() throws {
    let offer = "<dict><key>paymentMode</key><string>payAsYouGo</string><key>period</key><string>P1M</string><key>numberOfPeriods</key><integer>3</integer><key>price</key><string>1.99</string></dict>"
    let loaded = try load(catalog(offer: offer))
    #expect(loaded.warnings == [])
    #expect(loaded.catalog.product("pro")?.introductoryOffer
      == IntroductoryOffer(paymentMode: .payAsYouGo, period: OfferPeriod(count: 1, unit: .month)!, numberOfPeriods: 3, price: Decimal(string: "1.99")))
  }

  @Test func aFreeTrialNeedsOnlyAModeAndAPeriod() throws {
    let offer = "<dict><key>paymentMode</key><string>free</string><key>period</key><string>P3D</string></dict>"
    let product = try #require(try load(catalog(offer: offer)).catalog.product("pro"))
    #expect(product.introductoryOffer == IntroductoryOffer(paymentMode: .free, period: OfferPeriod(count: 3, unit: .day)!))
    #expect(product.introductoryOffer?.numberOfPeriods == 1)
  }

  @Test func warnsAboutAPaidOfferWithoutAPriceAndUnknownKeys() throws {
    let offer = "<dict><key>paymentMode</key><string>payUpFront</string><key>period</key><string>P6M</string><key>id</key><string>x</string></dict>"
    let loaded = try load(catalog(offer: offer))
    #expect(loaded.catalog.product("pro")?.introductoryOffer?.price == nil)
    #expect(loaded.warnings == [
      "catalog.plist: products[0] (pro): introductoryOffer.id: unknown key (ignored)",
      "catalog.plist: products[0] (pro): introductoryOffer.price: missing for a payUpFront offer; the offer has no price",
    ])
  }

  @Test func reportsEveryBadKey() {
    let offer = "<dict><key>paymentMode</key><string>trial</string><key>period</key><string>P1H</string><key>numberOfPeriods</key><integer>0</integer><key>price</key><string>-1</string></dict>"
    do {
      _ = try load(catalog(offer: offer))
      Issue.record("expected the catalog to be rejected")
    } catch {
      guard case let .catalogInvalid(_, problems) = error else { Issue.record("\(error)"); return }
      #expect(problems == [
        #"catalog.plist: products[0] (pro): introductoryOffer.paymentMode: expected one of free, payAsYouGo, payUpFront, got "trial""#,
        #"catalog.plist: products[0] (pro): introductoryOffer.period: expected an ISO 8601 duration like P3D, P1W, P1M or P1Y, got "P1H""#,
        "catalog.plist: products[0] (pro): introductoryOffer.numberOfPeriods: expected an integer ≥ 1, got 0",
        #"catalog.plist: products[0] (pro): introductoryOffer.price: expected a decimal number ≥ 0, got "-1""#,
      ])
    }
    #expect(throws: CatalogError.catalogInvalid(path: "catalog.plist", problems: [
      #"catalog.plist: products[0] (pro): introductoryOffer: expected a dictionary with paymentMode, period, numberOfPeriods and price, got "free""#
    ])) { try load(catalog(offer: "<string>free</string>")) }
  }

  @Test func onlyAutoRenewableProductsHaveOne() throws {
    let loaded = try load(catalog(offer: "<dict/>", type: "nonConsumable"))
    #expect(loaded.catalog.product("pro")?.introductoryOffer == nil)
    #expect(loaded.warnings == ["catalog.plist: products[0] (pro): introductoryOffer: only applies to autoRenewable products (ignored)"])
  }
}
