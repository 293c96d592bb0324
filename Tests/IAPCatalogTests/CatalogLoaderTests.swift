import Foundation
import IAPFormats
import Testing

@testable import IAPCatalog
@testable import IAPCore

@Suite struct CatalogLoaderTests {
  func load(_ text: String) throws(CatalogError) -> CatalogLoader.Loaded {
    try CatalogLoader.parse(Data(text.utf8), displayPath: "catalog.plist")
  }

  func problems(_ text: String) -> [String] {
    do {
      _ = try load(text)
      Issue.record("expected the catalog to be rejected")
      return []
    } catch {
      guard case let .catalogInvalid(_, problems) = error else { return ["unexpected \(error)"] }
      return problems
    }
  }

  @Test func readsEveryFieldAndAppliesDefaults() throws {
    let loaded = try load(CatalogFixtures.standard)
    let catalog = loaded.catalog
    #expect(loaded.warnings.isEmpty)
    #expect(catalog.bundleId == "com.example.app")
    #expect(catalog.storefront == "USA")
    #expect(catalog.locale == "en_US")
    #expect(catalog.currency == nil)
    #expect(catalog.products.map(\.id) == ["gems", "sword", "shield", "retired", "pro.monthly", "pass"])
    #expect(catalog.product("gems")?.price == Decimal(string: "0.99"))
    #expect(catalog.product("shield")?.price == Decimal(string: "2.5"))
    #expect(catalog.product("retired")?.clearedForSale == false)
    #expect(catalog.purchasableProduct("retired") == nil)
    #expect(catalog.product("pro.monthly")?.subscriptionPeriod == .oneMonth)
    #expect(catalog.product("pro.monthly")?.groupLevel == 1)
    #expect(catalog.product("sword")?.groupLevel == nil)
  }

  /// A price read from a string carries its text as `Decimal`'s description spells it, which
  /// `priceText` (what transactions record) would otherwise compute.
  @Test func aPriceStringCarriesTheDecimalsOwnSpelling() throws {
    for text in [
      "0", "000", "0.0", "0.99", "0.990", "1.50", "00012.30", "100", "100.000", "0.001", "5000000", "9223372036854775.807", "1.",
      "0.", "00", "01", "10.0", "10.01", "0.10",
    ] {
      #expect(ProductValidator.plainText(text) == "\(Decimal(string: text)!)", "\(text)")
    }
    #expect(ProductValidator.plainText("1e3") == nil)
    #expect(ProductValidator.plainText("-1") == nil)
    #expect(ProductValidator.plainText(".5") == nil)
    #expect(ProductValidator.plainText("1.2.3") == nil)
    let catalog = try load(CatalogFixtures.standard.replacingOccurrences(of: "<string>0.99</string>", with: "<string>000.990</string>")).catalog
    #expect(catalog.product("gems")?.priceText == "0.99")
    for product in catalog.products { #expect(product.priceText == "\(product.price)", "\(product.id)") }
  }

  @Test func readsTopLevelSettingsAndLocalizations() throws {
    let product = CatalogFixtures.product(
      "a", "consumable", price: "<real>0.99</real>",
      extra: "<key>localizations</key><dict><key>fr-FR</key><dict><key>title</key><string>T</string><key>description</key><string>D</string></dict></dict>")
    let top = "<key>bundleId</key><string>com.x</string><key>storefront</key><string>FRA</string><key>locale</key><string>fr_FR</string><key>currency</key><string>EUR</string>"
    let catalog = try load(CatalogFixtures.plist(products: [product], top: top)).catalog
    #expect(catalog.bundleId == "com.x")
    #expect(catalog.storefront == "FRA")
    #expect(catalog.currency == "EUR")
    #expect(catalog.products[0].price == Decimal(string: "0.99"))
    #expect(catalog.products[0].localization(for: "fr_FR").title == "T")
    #expect(catalog.products[0].localization(for: "fr_CA").title == "T")
    #expect(catalog.products[0].localization(for: "de_DE").title == "Title of a")
  }

  @Test func reportsEveryProblemWithFileProductAndKey() {
    let products = [
      CatalogFixtures.product("ok", "consumable", price: "<string>1</string>"),
      CatalogFixtures.product("com.x.pear", "consumable", price: "<string>abc</string>"),
      CatalogFixtures.product("bad id", "subscription", price: "<integer>-1</integer>"),
      "<string>not a dict</string>",
      CatalogFixtures.product("ok", "consumable", price: "<string>1</string>"),
      CatalogFixtures.product("sub", "autoRenewable", price: "<string>1</string>", extra: "<key>subscriptionPeriod</key><string>P2W</string><key>groupLevel</key><integer>0</integer>"),
      "<dict><key>type</key><string>consumable</string><key>title</key><true/></dict>",
    ]
    let found = problems(CatalogFixtures.plist(products: products, top: "<key>storefront</key><string>us</string>"))
    let expected = [
      #"catalog.plist: storefront: expected an ISO 3166-1 alpha-3 code like "USA", got "us""#,
      #"catalog.plist: products[1] (com.x.pear): price: expected a decimal number ≥ 0, got "abc""#,
      #"catalog.plist: products[2]: id: expected letters, digits, '.', '_' or '-', got "bad id""#,
      #"catalog.plist: products[2]: type: expected one of consumable, nonConsumable, autoRenewable, nonRenewing, got "subscription""#,
      "catalog.plist: products[2]: price: expected a decimal number ≥ 0, got -1",
      #"catalog.plist: products[3]: expected a product dictionary, got "not a dict""#,
      "catalog.plist: products[4] (ok): id: duplicate of products[0]",
      "catalog.plist: products[5] (sub): subscriptionGroup: missing (expected a non-empty string)",
      #"catalog.plist: products[5] (sub): subscriptionPeriod: expected one of P1W, P1M, P2M, P3M, P6M, P1Y, got "P2W""#,
      "catalog.plist: products[5] (sub): groupLevel: expected an integer ≥ 1, got 0",
      "catalog.plist: products[6]: id: missing (expected a product identifier)",
      "catalog.plist: products[6]: title: expected a non-empty string, got true",
      "catalog.plist: products[6]: description: missing (expected a non-empty string)",
      "catalog.plist: products[6]: price: missing (expected a decimal number ≥ 0)",
    ]
    #expect(found == expected)
  }

  @Test func unknownKeysAreWarningsNotErrors() throws {
    let product = CatalogFixtures.product("a", "consumable", price: "<string>1</string>", extra: "<key>colour</key><string>red</string><key>subscriptionGroup</key><string>g</string>")
    let loaded = try load(CatalogFixtures.plist(products: [product], top: "<key>appName</key><string>x</string>"))
    #expect(loaded.catalog.products.count == 1)
    #expect(loaded.warnings == [
      "catalog.plist: appName: unknown key (ignored)",
      "catalog.plist: products[0] (a): colour: unknown key (ignored)",
      "catalog.plist: products[0] (a): subscriptionGroup: only applies to autoRenewable products (ignored)",
    ])
  }

  @Test(arguments: ["", "garbage", "<plist><array></array></plist>", "\u{0}\u{1}bplist"])
  func rejectsWhatIsNotACatalog(_ text: String) {
    let found = problems(text)
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix("catalog.plist: ") == true)
  }

  @Test func rejectsMissingProducts() {
    #expect(problems(#"<plist version="1.0"><dict/></plist>"#) == ["catalog.plist: products: missing (expected an array of product dictionaries)"])
  }

  @Test func readsBinaryPlists() throws {
    let products: [[String: Any]] = [["id": "bin", "type": "consumable", "title": "T", "description": "D", "price": "0.5"]]
    let data = try PropertyListSerialization.data(fromPropertyList: ["products": products], format: .binary, options: 0)
    let catalog = try CatalogLoader.parse(data, displayPath: "c.plist").catalog
    #expect(catalog.products.first?.id == "bin")
    #expect(catalog.products.first?.price == Decimal(string: "0.5"))
  }

  @Test(arguments: [("0.99", "0.99"), ("10", "10"), ("1234.5", "1234.5")])
  func pricesAreExactDecimals(_ text: String, _ expected: String) {
    #expect(ProductValidator.parsePrice(.string(text)) == Decimal(string: expected))
  }

  @Test(arguments: ["1.2.3", "-1", "1e3", " 1", "1,5", ".5", "5.", "NaN"])
  func rejectsPricesThatAreNotPlainDecimals(_ text: String) {
    #expect(ProductValidator.parsePrice(.string(text)) == nil)
  }
}
