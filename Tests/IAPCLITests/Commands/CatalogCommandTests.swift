import Foundation
import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCatalog
@testable import IAPCore
@testable import IAPKit

@Suite struct CatalogCommandTests {
  let harness = TestHarness()

  init() {
    harness.write("Shop.storekit", StoreKitFixtures.shop)
  }

  func files() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: harness.directory)) ?? []).sorted()
  }

  // MARK: - convert

  @Test func convertWritesThePlistToStdout() throws {
    let result = harness.run("catalog convert Shop.storekit")
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"))
    let original = try CatalogLoader.parse(Data(StoreKitFixtures.shop.utf8), displayPath: "Shop.storekit").catalog
    #expect(try CatalogLoader.parse(Data(result.stdout.utf8), displayPath: "stdout").catalog == original)
  }

  @Test func convertWritesAFileThatLoadsAsTheSameCatalog() throws {
    let result = harness.run("catalog convert Shop.storekit -o out.plist")
    #expect(result.status == 0)
    #expect(result.stdout == "wrote out.plist: 6 products, 10 settings\n")
    #expect(files() == ["Shop.storekit", "catalog.plist", "out.plist"], "no temporary file is left behind")
    let listed = harness.run("products list --catalog out.plist --json").json["products"]?.arrayValue ?? []
    #expect(listed.compactMap { $0["id"]?.stringValue }.first == "com.shop.gems")
    #expect(harness.run("products list --catalog out.plist").stdout == harness.run("products list --catalog Shop.storekit").stdout)
    // Again, over the existing file, with the long option.
    #expect(harness.run("catalog convert Shop.storekit --output=out.plist").status == 0)
    #expect(harness.read("out.plist") == harness.run("catalog convert Shop.storekit").stdout)
  }

  @Test func convertReportsWhatItWroteAsJSON() {
    let json = harness.run("catalog convert Shop.storekit -o out.plist --json").json
    #expect(json["output"] == .string("out.plist"))
    #expect(json["products"] == .int(6))
    #expect(json["settings"] == .int(10))
    #expect(json["warnings"] == .array([]))
    let inline = harness.run("--json catalog convert Shop.storekit").json
    #expect(inline["plist"]?.stringValue?.contains("<key>time-rate</key>") == true)
  }

  @Test func convertPrintsWarningsOnStderr() {
    harness.write("w.storekit", StoreKitFixtures.file(#""products" : [ \#(StoreKitFixtures.product("a")) ]"#, #""colour" : 1"#))
    let result = harness.run("catalog convert w.storekit -o w.plist")
    #expect(result.status == 0)
    #expect(result.stderr == "warning: w.storekit: colour: unknown key (ignored)\n")
  }

  @Test func convertConvertsTheDefaultCatalogToo() {
    let result = harness.run("catalog convert --catalog Shop.storekit")
    #expect(result.status == 0)
    #expect(result.stdout.contains("<string>com.shop.gems</string>"))
  }

  @Test func convertNeverWritesOverItsInput() {
    let before = harness.read("Shop.storekit")
    let result = harness.run("catalog convert Shop.storekit -o ./Shop.storekit")
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("error: '--output' names the file being converted (Shop.storekit); write to another path\n"))
    #expect(harness.read("Shop.storekit") == before)
    #expect(files() == ["Shop.storekit", "catalog.plist"])
  }

  @Test func convertFailuresHaveTheirExitCodes() {
    let missing = harness.run("catalog convert nope.storekit")
    #expect(missing.status == 66)
    #expect(missing.stderr == "error: file not found: nope.storekit\n")

    harness.write("bad.storekit", #"{ "products" : [ { "productID" : "a" } ], "version" : { "major" : 4, "minor" : 0 } }"#)
    let invalid = harness.run("catalog convert bad.storekit -o out.plist")
    #expect(invalid.status == 65)
    // A rejected catalog's warnings are listed after its errors, as for any command.
    #expect(invalid.stderr == """
      error: bad.storekit: products[0] (a): type: missing (expected Consumable or NonConsumable)
      error: bad.storekit: products[0] (a): displayPrice: missing (expected a decimal number ≥ 0)
      error: bad.storekit: products[0] (a): localizations: none; using "a" as title and description

      """)
    #expect(harness.read("out.plist") == nil)

    let unwritable = harness.run("catalog convert Shop.storekit -o no/such/dir/out.plist")
    #expect(unwritable.status == 74)
    #expect(unwritable.stderr.hasPrefix("error: cannot write no/such/dir/out.plist: open "))
    #expect(harness.run("catalog convert Shop.storekit -o").status == 64)
  }

  // MARK: - lint

  @Test func lintSummarizesACleanCatalog() {
    let result = harness.run("catalog lint catalog.plist")
    #expect(result.status == 0)
    #expect(result.stdout == "catalog.plist: 0 errors, 0 warnings\n")
    #expect(result.stderr == "")
    #expect(harness.run("catalog lint Shop.storekit").stdout == "Shop.storekit: 0 errors, 0 warnings\n")
    #expect(harness.run("catalog lint").stdout == "catalog.plist: 0 errors, 0 warnings\n", "the default catalog")
  }

  @Test func lintReportsEveryProblemAndFailsOnErrors() {
    let products = [
      TestHarness.product("a", "consumable", price: "<string>x</string>"),
      TestHarness.product("b", "consumable", price: "<string>1</string>", extra: "<key>colour</key><true/>"),
    ]
    harness.write("bad.plist", TestHarness.plist(products: products, top: "<key>app</key><true/>"))
    let result = harness.run("catalog lint bad.plist")
    #expect(result.status == 65)
    #expect(result.stdout == "bad.plist: 1 error, 2 warnings\n")
    #expect(result.stderr == """
      error: bad.plist: products[0] (a): price: expected a decimal number ≥ 0, got "x"
      warning: bad.plist: app: unknown key (ignored)
      warning: bad.plist: products[1] (b): colour: unknown key (ignored)

      """)
    let json = harness.run("catalog lint bad.plist --json")
    #expect(json.status == 65)
    #expect(json.json == .object([
      ("errors", .array([.string(#"bad.plist: products[0] (a): price: expected a decimal number ≥ 0, got "x""#)])),
      ("warnings", .array([.string("bad.plist: app: unknown key (ignored)"), .string("bad.plist: products[1] (b): colour: unknown key (ignored)")])),
    ]))
  }

  @Test func lintPassesWithOnlyWarnings() {
    harness.write("w.storekit", StoreKitFixtures.file(#""products" : []"#, #""settings" : { "_disableDialogs" : true }"#))
    let result = harness.run("catalog lint w.storekit")
    #expect(result.status == 0)
    #expect(result.stdout == "w.storekit: 0 errors, 1 warning\n")
    #expect(result.stderr == "warning: w.storekit: settings._disableDialogs: not mapped: iap shows no dialogs (ignored)\n")
  }

  @Test func lintReportsUnreadableFiles() {
    #expect(harness.run("catalog lint nope.plist").status == 66)
    harness.write("junk.storekit", "{ not json")
    let junk = harness.run("catalog lint junk.storekit")
    #expect(junk.status == 65)
    #expect(junk.stderr == "error: junk.storekit: not valid JSON: line 1, column 3: expected a string key\n")
    #expect(junk.stdout == "junk.storekit: 1 error, 0 warnings\n")
  }

  // MARK: - Using a .storekit catalog

  @Test func everyCommandTakesAStoreKitCatalogAndItsSettings() {
    // The file turns Ask to Buy on and makes product requests fail: both take effect…
    let deferred = harness.run("buy com.shop.pro.monthly --catalog Shop.storekit --json")
    #expect(deferred.status == 2)
    #expect(deferred.json.transactions.last?["state"] == .string("deferred"))
    #expect(harness.run("products fetch com.shop.tips.weekly --catalog Shop.storekit").status == 1)
    #expect(harness.run("settings --catalog Shop.storekit --json").json["settings"]?["ask-to-buy"]?["source"] == .string("catalog"))
    // …until 'iap settings set' overrides them.
    harness.run("settings set ask-to-buy off")
    harness.run("settings set fail-load-products off")
    let bought = harness.run("buy com.shop.pro.monthly --catalog Shop.storekit --json")
    #expect(bought.status == 0)
    #expect(bought.json.transactions.last?["state"] == .string("purchased"))
    let fetched = harness.run("products fetch com.shop.tips.weekly nope --catalog Shop.storekit --json").json
    #expect(fetched["products"]?.arrayValue?.first?["subscriptionGroup"] == .string("21000002"))
    #expect(fetched["products"]?.arrayValue?.first?["displayPrice"] == .string("1,99\u{a0}€"), "priced for the file's fr_FR locale")
  }

  @Test func helpListsTheCatalogCommands() {
    let group = harness.run("catalog")
    #expect(group.stdout.contains("OVERVIEW: Check and convert catalogs: catalog.plist and Xcode .storekit files."))
    #expect(group.stdout.contains("  convert"))
    #expect(group.stdout.contains("  lint"))
    #expect(harness.run("help catalog convert").stdout.contains("-o, --output <path>"))
  }
}
