import Foundation
import Testing

@testable import IAPCatalog
@testable import IAPCore

@Suite struct CatalogPlistWriterTests {
  /// Writes `catalog` and reads it back.
  func roundTrip(_ catalog: Catalog) throws -> CatalogLoader.Loaded {
    let xml = try CatalogPlistWriter.xml(catalog, source: "in.storekit", displayPath: "in.storekit")
    return try CatalogLoader.parse(Data(xml.utf8), displayPath: "out.plist")
  }

  @Test func aPlistCatalogComesBackTheSame() throws {
    let catalog = try CatalogLoader.parse(Data(CatalogFixtures.standard.utf8), displayPath: "c.plist").catalog
    let back = try roundTrip(catalog)
    #expect(back.warnings == [])
    #expect(back.catalog == catalog)
  }

  @Test func aStoreKitCatalogComesBackTheSameWithSettingsAndOffers() throws {
    let catalog = try CatalogLoader.parse(Data(StoreKitFixtures.shop.utf8), displayPath: "Shop.storekit").catalog
    let back = try roundTrip(catalog)
    #expect(back.warnings == [])
    #expect(back.catalog == catalog)
    #expect(back.catalog.settings.entries.count == 10, "fail-verification=off from its Verification entry among them")
    #expect(back.catalog.product("com.shop.pro.yearly")?.introductoryOffer?.price == Decimal(string: "9.99"))
  }

  /// Each file of `Tests/Fixtures/storekit` converts to a plist that loads as the same
  /// catalog.
  @Test(arguments: StoreKitFixtures.files)
  func realFilesComeBackTheSame(_ path: String) throws {
    let catalog = try CatalogLoader.load(path: path, displayPath: path).catalog
    let back = try roundTrip(catalog)
    #expect(back.warnings == [])
    #expect(back.catalog == catalog)
  }

  @Test func writesReadableXMLInTheBundledCatalogsOrder() throws {
    var settings = CatalogSettings()
    settings.set("ask-to-buy", "on")
    settings.set("fail-purchase", "paymentCancelled")
    let product = Product(id: "a", type: .consumable, title: "T", description: "D", price: Decimal(string: "0.50")!, referenceName: "R")
    let xml = try CatalogPlistWriter.xml(Catalog(currency: "EUR", products: [product], settings: settings), source: "dir/My---Shop.storekit", displayPath: "x")
    #expect(xml == """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <!-- Converted by iap from My-Shop.storekit. -->
      <plist version="1.0">
      <dict>
      \t<key>bundleId</key>
      \t<string>com.example.app</string>
      \t<key>storefront</key>
      \t<string>USA</string>
      \t<key>locale</key>
      \t<string>en_US</string>
      \t<key>currency</key>
      \t<string>EUR</string>
      \t<key>settings</key>
      \t<dict>
      \t\t<key>ask-to-buy</key>
      \t\t<true/>
      \t\t<key>fail-purchase</key>
      \t\t<string>paymentCancelled</string>
      \t</dict>
      \t<key>products</key>
      \t<array>
      \t\t<dict>
      \t\t\t<key>id</key>
      \t\t\t<string>a</string>
      \t\t\t<key>type</key>
      \t\t\t<string>consumable</string>
      \t\t\t<key>referenceName</key>
      \t\t\t<string>R</string>
      \t\t\t<key>title</key>
      \t\t\t<string>T</string>
      \t\t\t<key>description</key>
      \t\t\t<string>D</string>
      \t\t\t<key>price</key>
      \t\t\t<string>0.5</string>
      \t\t</dict>
      \t</array>
      </dict>
      </plist>

      """)
  }

  @Test func escapesMarkupAndKeepsEveryCharacter() throws {
    let title = "Tom & Jerry <3 > \"quotes\" 'single'\r\nline two\ttab 日本語 🎮"
    let product = Product(
      id: "a", type: .nonConsumable, title: title, description: "]]> <![CDATA[", price: 1,
      localizations: ["ja_JP": .init(title: "ゲーム", description: "説明 & more")])
    let back = try roundTrip(Catalog(bundleId: "com.x&y", products: [product]))
    #expect(back.catalog.product("a")?.title == title)
    #expect(back.catalog.product("a")?.description == "]]> <![CDATA[")
    #expect(back.catalog.bundleId == "com.x&y")
    #expect(back.catalog.product("a")?.localization(for: "ja_JP").description == "説明 & more")
  }

  @Test func refusesCharactersAPropertyListCannotHold() {
    let product = Product(id: "a", type: .consumable, title: "bell \u{7}", description: "D", price: 1)
    #expect(throws: CatalogError.catalogInvalid(path: "x.storekit", problems: [
      "x.storekit: products[0].title: U+7 cannot be written in a property list"
    ])) {
      try CatalogPlistWriter.xml(Catalog(products: [product]), source: "x.storekit", displayPath: "x.storekit")
    }
  }
}
