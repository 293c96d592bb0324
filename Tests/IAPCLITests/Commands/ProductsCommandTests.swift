import Foundation
import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCatalog
@testable import IAPCore
@testable import IAPCrypto
@testable import IAPKit
@testable import IAPSystem

@Suite struct ProductsCommandTests {
  let harness = TestHarness()

  @Test func listShowsEveryProductWithItsFormattedPrice() {
    let result = harness.run("products list")
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 12)
    #expect(lines[0] == "gems         consumable     $0.99   Title of gems")
    #expect(lines[1] == "    About gems")
    #expect(lines[6] == "retired      nonConsumable  $1.00   Title of retired  (not cleared for sale)")
  }

  @Test func listJSONCarriesPriceAsAStringAndTheDisplayPrice() {
    // The storefront (USA) sets the currency; the locale only formats it.
    let products = harness.run("products list --json --locale de_DE").json["products"]?.arrayValue ?? []
    #expect(products.count == 6)
    #expect(products[0]["price"] == .string("0.99"))
    #expect(products[0]["displayPrice"] == .string("0,99\u{a0}$"))
    #expect(products[0]["currency"] == .string("USD"))
    #expect(products[0]["locale"] == .string("de_DE"))
    #expect(products[4]["subscriptionPeriod"] == .string("P1M"))
  }

  /// Listing shows the catalog under the stored settings without loading the store (its
  /// snapshot and logs), so a snapshot it cannot read does not stop it; recorded damage does,
  /// as for every command.
  @Test func listAndFetchReadTheSettingsButNotTheStore() {
    #expect(harness.run("buy gems").status == 0)
    #expect(harness.run("settings set locale de_DE").status == 0)
    harness.write(".iap/store.json", "not json")
    #expect(harness.run("queue").status == 74, "the snapshot is unreadable")
    let listed = harness.run("products list")
    #expect(listed.status == 0)
    #expect(listed.stdout.hasPrefix("gems         consumable     0,99\u{a0}$"), "the stored locale is in force")
    #expect(harness.run("products fetch gems").status == 0)
    harness.write(".iap/damaged", #"{"path":".iap/transactions.log","offset":0,"reason":"test"}"#)
    #expect(harness.run("products list").status == 74)
    #expect(harness.run("products fetch gems").status == 74)
  }

  /// With the catalog's compiled cache current, `products list` reads it instead of the
  /// property list, and shows exactly what the property list shows (the bundled catalog has
  /// every kind of field: offers, localizations, levels, a product not for sale).
  @Test func listReadsTheCompiledCacheAndShowsTheSame() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let harness = TestHarness(catalog: try String(contentsOf: root.appendingPathComponent("catalog.plist"), encoding: .utf8))
    #expect(harness.run("buy com.example.fakegame.extra_lives --finish").status == 0)
    let commands = ["products list", "--json products list", "products list --locale fr_FR"]
    let parsed = commands.map { harness.run($0) }
    #expect(parsed.allSatisfy { $0.status == 0 })
    // A catalog this fresh is not cached yet (see CatalogCache.Key.isSettled): cache it.
    let path = POSIXFile.canonicalPath(harness.directory + "/catalog.plist")
    let key = try #require(CatalogCache.Key(path: path))
    let loaded = try CatalogLoader.load(path: path, displayPath: "catalog.plist")
    let folder = try #require(try Folder.open(harness.directory + "/.iap", create: false))
    let name = CatalogCache.fileName(catalogPath: path)
    CatalogCache.write(loaded.catalog, warnings: loaded.warnings, catalogPath: path, displayPath: "catalog.plist", key: key, in: folder, name: name)
    for (command, before) in zip(commands, parsed) {
      let cached = harness.run(command)
      #expect(cached.status == 0)
      #expect(cached.stdout == before.stdout, "\(command)")
      #expect(cached.stderr == before.stderr, "\(command)")
    }
    // What is shown comes from the cache: a title changed there (same length) shows.
    let file = harness.directory + "/.iap/" + name
    let text = try String(contentsOfFile: file, encoding: .utf8)
    try text.replacingOccurrences(of: "5 Extra Lives", with: "5 Extra Livez").write(toFile: file, atomically: true, encoding: .utf8)
    #expect(harness.run("products list").stdout.contains("5 Extra Livez"))
  }

  @Test func fetchAnswersLikeSKProductsRequest() {

    let json = harness.run("products fetch sword nope retired sword --json").json
    #expect(json["products"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["sword"])
    #expect(json["invalidProductIdentifiers"] == .array([.string("nope"), .string("retired")]))
    let text = harness.run("products fetch nope").stdout
    #expect(text == "invalidProductIdentifiers: nope\n")
  }

  @Test func fetchReadsIdentifiersFromAnAppsPlist() {
    harness.write("ids.plist", "<plist><array><string>gems</string><string>gone</string></array></plist>")
    let json = harness.run("products fetch --ids-from ids.plist pass --json").json
    #expect(json["products"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["pass", "gems"])
    #expect(json["invalidProductIdentifiers"] == .array([.string("gone")]))
    #expect(harness.run("products fetch --ids-from none.plist").status == 66)
  }

  @Test func fetchNeedsIdentifiers() {
    #expect(harness.run("products fetch").status == 64)
  }

  /// Apple (`Product.displayPrice`, `Product.priceFormatStyle`; `SKProduct.priceLocale`):
  /// the storefront decides the currency and price, the device's locale only formats them.
  /// A product shows the currency its purchase is charged in.
  @Test func theStorefrontSetsTheCurrencyAndTheLocaleFormatsIt() {
    harness.run("settings set storefront FRA")
    let listed = harness.run("products list --json").json["products"]?.arrayValue?.first
    #expect(listed?["currency"] == .string("EUR"))
    #expect(listed?["displayPrice"] == .string("€0.99"), "en_US formats euros")
    #expect(harness.run("products list").stdout.hasPrefix("gems         consumable     €0.99"))
    let fetched = harness.run("products fetch gems --json --locale fr_FR").json["products"]?.arrayValue?.first
    #expect(fetched?["displayPrice"] == .string("0,99\u{a0}€"))
    let bought = harness.run("buy gems --json").json.transactions.last?["jwsRepresentation"]?.stringValue ?? ""
    let payload = try? JWS.decode(bought, key: nil).payload
    #expect(payload?["currency"] == .string("EUR"))
    #expect(payload?["price"] == .int(990))
  }

  @Test func theCatalogCurrencyIsItsOwnStorefronts() {
    let h = TestHarness(catalog: TestHarness.plist(
      products: [TestHarness.product("gems", "consumable", price: "<string>120</string>")],
      top: "<key>storefront</key><string>JPN</string><key>currency</key><string>JPY</string>"))
    #expect(h.run("products list --json").json["products"]?.arrayValue?.first?["currency"] == .string("JPY"))
    h.run("settings set storefront CAN")
    #expect(h.run("products list --json").json["products"]?.arrayValue?.first?["currency"] == .string("CAD"))
  }
}
