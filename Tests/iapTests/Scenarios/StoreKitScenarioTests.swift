import Foundation
import IAPTesting
import Testing

@testable import IAPFormats

/// Xcode `.storekit` files as catalogs: every file of the test fixtures imports, lists, sells,
/// converts and lints; `catalog convert` and `catalog lint` with their exit codes.
@Suite struct StoreKitScenarioTests {
  let harness = ScenarioFixtures.harness()

  /// A small `.storekit` file: one consumable, one subscription with a free trial, and settings.
  static let shop = """
    {
      "identifier" : "E2E00001",
      "nonRenewingSubscriptions" : [

      ],
      "products" : [
        {
          "displayPrice" : "0.99",
          "familyShareable" : false,
          "internalID" : "1",
          "localizations" : [
            {
              "description" : "A handful of coins.",
              "displayName" : "Coins",
              "locale" : "en_US"
            }
          ],
          "productID" : "com.e2e.coins",
          "referenceName" : "Coins",
          "type" : "Consumable"
        }
      ],
      "settings" : {
        "_askToBuyEnabled" : true,
        "_locale" : "en_US",
        "_storefront" : "USA",
        "_timeRate" : 1004
      },
      "subscriptionGroups" : [
        {
          "id" : "G1",
          "localizations" : [

          ],
          "name" : "Plus",
          "subscriptions" : [
            {
              "adHocOffers" : [

              ],
              "codeOffers" : [

              ],
              "displayPrice" : "2.99",
              "familyShareable" : false,
              "groupNumber" : 1,
              "internalID" : "2",
              "introductoryOffer" : {
                "internalID" : "3",
                "numberOfPeriods" : 1,
                "paymentMode" : "free",
                "subscriptionPeriod" : "P1W"
              },
              "localizations" : [
                {
                  "description" : "Everything, monthly.",
                  "displayName" : "Plus",
                  "locale" : "en_US"
                }
              ],
              "productID" : "com.e2e.plus",
              "recurringSubscriptionPeriod" : "P1M",
              "referenceName" : "Plus",
              "subscriptionGroupID" : "G1",
              "type" : "RecurringSubscription"
            }
          ]
        }
      ],
      "version" : {
        "major" : 4,
        "minor" : 0
      }
    }

    """

  @Test func everyStoreKitFixtureImportsListsSellsConvertsAndLints() throws {
    let folder = ScenarioFixtures.root.appendingPathComponent("Tests/Fixtures/storekit").path
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".storekit") }.sorted()
    #expect(!names.isEmpty, "missing fixtures in \(folder): they are part of the repository (Tests/Fixtures, listed in its NOTICE.md)")
    for name in names {
      let fixture = ScenarioFixtures.text("Tests/Fixtures/storekit/" + name)
      harness.write(name, fixture)
      let lint = harness.run(["catalog", "lint", name])
      #expect(lint.status == 0, "\(name)")
      #expect(lint.out.contains("\(name): 0 errors, "), "\(name)")
      let listed = harness.run(["products", "list", "--catalog", name, "--json"])
      #expect(listed.status == 0, "\(name)")
      let id = try #require(listed.json["products"]?.at(0)?["id"]?.stringValue, "\(name)")
      let bought = harness.run(["buy", id, "--catalog", name, "--json"])
      #expect(bought.status == 0, "\(name)")
      #expect(bought.json.transactions.last?["productId"] == .string(id), "\(name)")
      #expect(bought.json.transactions.last?["state"] == .string("purchased"), "\(name)")
      #expect(harness.run(["queue", "--catalog", name]).out.contains("#1  purchased  \(id)"), "\(name)")
      let converted = harness.run(["catalog", "convert", name, "-o", "converted.plist"])
      #expect(converted.status == 0, "\(name)")
      #expect(converted.out.contains("wrote converted.plist: "), "\(name)")
      #expect(harness.run("catalog lint converted.plist").out == "converted.plist: 0 errors, 0 warnings", "\(name)")
      #expect(harness.run("products list --catalog converted.plist --json").out == listed.out, "products of the converted plist (\(name))")
      #expect(harness.read(name) == fixture, "the input was changed (\(name))")
      // Each fixture in a fresh state, as each was a scenario of its own.
      for made in [".iap", "converted.plist", name] { try FileManager.default.removeItem(atPath: harness.directory + "/" + made) }
    }
  }

  @Test func aStoreKitFileIsFoundByContentWhateverItsName() {
    harness.write("catalog.plist", Self.shop)
    let listed = harness.run("products list")
    #expect(listed.status == 0)
    #expect(listed.out.contains("com.e2e.coins  consumable     $0.99"))
    #expect(listed.out.contains("com.e2e.plus   autoRenewable  $2.99"))
    harness.write("shop.json", Self.shop)
    harness.variables["IAP_CATALOG"] = "shop.json"
    // The file's settings turn Ask to Buy on: the purchase waits for approval.
    let deferred = harness.run("buy com.e2e.plus --json")
    #expect(deferred.status == 2)
    #expect(deferred.json.transactions.last?["state"] == .string("deferred"))
    let approved = harness.run("approve 1 --json")
    #expect(approved.status == 0)
    let last = approved.json.transactions.last
    #expect((last?["expirationDate"]?.stringValue ?? "") > (last?["purchaseDate"]?.stringValue ?? "~"))
  }

  @Test func catalogConvertWritesAPlistWithSettingsAndOffers() throws {
    harness.write("Shop.storekit", Self.shop)
    let converted = harness.run("catalog convert Shop.storekit")
    #expect(converted.status == 0)
    #expect(converted.err == "")
    let data = Data((converted.out + "\n").utf8)
    let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    let settings = try #require(plist["settings"] as? [String: Any])
    #expect(settings.count == 4)
    #expect(settings["storefront"] as? String == "USA")
    #expect(settings["locale"] as? String == "en_US")
    #expect(settings["time-rate"] as? String == "oneRenewalEveryTenSeconds")
    #expect(settings["ask-to-buy"] as? Bool == true)
    let products = try #require(plist["products"] as? [[String: Any]])
    let plus = try #require(products.count > 1 ? products[1] : nil)
    let offer = try #require(plus["introductoryOffer"] as? [String: Any])
    #expect(offer.count == 3)
    #expect(offer["paymentMode"] as? String == "free")
    #expect(offer["period"] as? String == "P1W")
    #expect(offer["numberOfPeriods"] as? Int == 1)
    #expect(plus["price"] as? String == "2.99")
    #expect(plus["subscriptionGroup"] as? String == "Plus")
    #expect(plus["subscriptionPeriod"] as? String == "P1M")
    let json = harness.run("catalog convert Shop.storekit --output out.plist --json").json
    #expect(json["output"] == .string("out.plist"))
    #expect(json["products"] == .int(2))
    #expect(json["settings"] == .int(4))
    #expect(harness.read("out.plist") == converted.out + "\n", "-o and stdout differ")
    let left = try FileManager.default.contentsOfDirectory(atPath: harness.directory).filter { $0.hasSuffix(".tmp") }
    #expect(left.isEmpty, "temporary files left")
  }

  @Test func catalogConvertRefusesToWriteOverItsInput() {
    harness.write("Shop.storekit", Self.shop)
    let same = harness.run("catalog convert Shop.storekit -o Shop.storekit")
    #expect(same.status == 64)
    #expect(same.err.contains("names the file being converted"))
    harness.link("link.storekit", to: "Shop.storekit")
    #expect(harness.run("catalog convert link.storekit -o Shop.storekit").status == 64)
    #expect(harness.read("Shop.storekit") == Self.shop, "the input was overwritten")
  }

  @Test func catalogConvertAndLintExitCodes() {
    let missing = harness.run("catalog convert missing.storekit")
    #expect(missing.status == 66)
    #expect(missing.err == "error: file not found: missing.storekit")
    harness.write("bad.storekit", #"{ "products" : [ { "productID" : "x", "type" : "Gift", "displayPrice" : "1" } ] }"#)
    let bad = harness.run("catalog convert bad.storekit -o out.plist")
    #expect(bad.status == 65)
    #expect(bad.err.contains(#"error: bad.storekit: products[0] (x): type: expected Consumable or NonConsumable, got "Gift""#))
    #expect(!harness.exists("out.plist"), "a failed conversion wrote its output")
    let lint = harness.run("catalog lint bad.storekit")
    #expect(lint.status == 65)
    #expect(lint.out == "bad.storekit: 1 error, 2 warnings")
    #expect(lint.err.contains("warning: bad.storekit: version: missing; reading as version 5"))
    let json = harness.run("catalog lint bad.storekit --json")
    #expect(json.status == 65)
    #expect(json.json["errors"]?.arrayValue?.count == 1)
    #expect(json.json["warnings"]?.arrayValue?.count == 2)
    let clean = harness.run("catalog lint")
    #expect(clean.status == 0)
    #expect(clean.out == "catalog.plist: 0 errors, 0 warnings")
    let unwritable = harness.run("catalog convert catalog.plist -o /nonexistent/dir/out.plist")
    #expect(unwritable.status == 74)
    #expect(unwritable.err.contains("error: cannot write /nonexistent/dir/out.plist: "))
    #expect(harness.run("catalog lint -o x").status == 64)
  }
}
