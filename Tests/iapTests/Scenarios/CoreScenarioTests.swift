import Foundation
import IAPFormats
import IAPTesting
import Testing

/// The core store from a user's shell: the catalog, products, the payment queue that
/// survives relaunch, finish and restore, each played in process, against the built binary
/// and over the control plane.
@Suite struct CoreScenarioTests {
  static let p = "com.example.fakegame"

  @Test(arguments: ScenarioMode.allCases)
  func productsListOnTheBundledCatalog(_ mode: ScenarioMode) {
    let iap = ScenarioPlayer(mode)
    iap.run(
      "products list", status: 0,
      stdout: [.contains("com.example.fakegame.extra_lives  consumable     $0.99"), .contains("Keep playing after a fall: five more lives.")])
    // The locale formats (a no-break space before the symbol); the storefront (USA) keeps dollars.
    iap.run("products list --locale fr_FR", stdout: [.contains("0,99\u{a0}$US   5 vies supplémentaires")])
    iap.run("settings set storefront FRA")
    iap.run("products list --locale fr_FR", stdout: [.contains("0,99\u{a0}€   5 vies supplémentaires")])
    iap.run("settings reset storefront")
    iap.run("--json products list") { d in
      #expect(d["products"]?.arrayValue?.count == 8)
      #expect(
        d["products"]?.at(0)?.keys.sorted() == [
          "clearedForSale", "currency", "description", "displayPrice", "familyShareable", "groupLevel", "id", "introductoryOffer", "locale",
          "price", "promotionalOffers", "subscriptionGroup", "subscriptionPeriod", "title", "type", "winBackOffers",
        ])
      #expect(d["products"]?.at(6)?["price"]?.text == "39.99")
      #expect(d["products"]?.at(6)?["displayPrice"]?.text == "$39.99")
    }
  }

  @Test(arguments: ScenarioMode.allCases)
  func aBinaryCatalogReadsLikeTheXMLOne(_ mode: ScenarioMode) throws {
    let iap = ScenarioPlayer(mode)
    let xml = try PropertyListSerialization.propertyList(from: Data(Repository.bundledCatalog.utf8), format: nil)
    let binary = try PropertyListSerialization.data(fromPropertyList: xml, format: .binary, options: 0)
    _ = FileManager.default.createFile(atPath: iap.directory + "/bin.plist", contents: binary)
    iap.run("products list --catalog bin.plist", status: 0, stdout: [.contains("com.example.fakegame.pro.yearly   autoRenewable  $39.99")])
  }

  @Test(arguments: ScenarioMode.allCases)
  func productsFetchAnswersValidAndInvalidIdentifiers(_ mode: ScenarioMode) {
    let iap = ScenarioPlayer(mode)
    iap.run("products fetch \(Self.p).rocket_car com.example.nope \(Self.p).superpowers --json", status: 0) { d in
      #expect(d.column("id", of: "products") == ["\(Self.p).rocket_car"])
      #expect(d["invalidProductIdentifiers"]?.arrayValue?.compactMap(\.text) == ["com.example.nope", "\(Self.p).superpowers"])
    }
    for name in ["root-array.plist", "item-dictionary.plist", "split-doctype.plist"] {
      let path = Repository.fixture("product-ids/" + name)
      guard FileManager.default.fileExists(atPath: path) else {
        Issue.record("missing fixture \(path): the fixtures are part of the repository (Tests/Fixtures, listed in its NOTICE.md)")
        continue
      }
      iap.run(["products", "fetch", "--ids-from", path, "--json"], status: 0) { d in
        if name == "item-dictionary.plist" {
          #expect(
            d["invalidProductIdentifiers"]?.arrayValue?.compactMap(\.text) == ["com.example.other.yearly_pass", "com.example.other.monthly_pass"])
        } else {
          #expect(d["products"]?.arrayValue?.count == 1)
        }
      }
    }
  }

  @Test(arguments: ScenarioMode.allCases)
  func aPurchaseSurvivesRelaunchUntilItIsFinished(_ mode: ScenarioMode) {
    let iap = ScenarioPlayer(mode)
    iap.run(
      "buy \(Self.p).rocket_car", status: 0,
      stdout: [.contains("purchasing  \(Self.p).rocket_car"), .contains("purchased   \(Self.p).rocket_car")])
    iap.run("queue", stdout: [.contains("#1  purchased  \(Self.p).rocket_car")])
    iap.run("queue --json") { d in
      #expect(d.transactions.first?["id"]?.text == "1")
      #expect(d.transactions.first?["state"]?.text == "purchased")
    }
    iap.run("queue", stdout: [.contains("#1  purchased")])
    iap.run("finish 1", status: 0, stdout: [.contains("#1  purchased  \(Self.p).rocket_car")])
    iap.run("queue", stdout: [.equals("")])
    iap.run("history", stdout: [.contains("finished")])
  }

  @Test(arguments: ScenarioMode.allCases)
  func transactionsHaveExactlyTheDocumentedJSONKeys(_ mode: ScenarioMode) {
    let iap = ScenarioPlayer(mode)
    iap.run("buy \(Self.p).extra_lives --quantity 3 --username player-42 --json", status: 0) { d in
      let t = d.transactions.count > 1 ? d.transactions[1] : .null
      #expect(
        t.keys == [
          "id", "originalId", "productId", "productType", "state", "quantity", "purchaseDate", "originalPurchaseDate", "expirationDate",
          "revocationDate", "revocationReason", "applicationUsername", "error", "orderId", "refundRequest", "refundReversalDate",
          "inAppOwnershipType", "offer", "jwsRepresentation",
        ])
      #expect(t["quantity"]?.text == "3")
      #expect(t["applicationUsername"]?.text == "player-42")
    }
    iap.run("buy \(Self.p).pro.monthly --json") { d in
      let t = d.transactions.count > 1 ? d.transactions[1] : .null
      #expect((t["expirationDate"]?.text ?? "") > (t["purchaseDate"]?.text ?? "~"))
    }
  }

  @Test(arguments: ScenarioMode.allCases)
  func buyingAnOwnedNonConsumableRestoresItWithoutACharge(_ mode: ScenarioMode) {
    let iap = ScenarioPlayer(mode)
    iap.run("buy \(Self.p).unlock_maps --finish")
    iap.run("buy \(Self.p).unlock_maps --json", status: 0) { d in
      #expect(d.column("state").last == "restored")
      #expect(d.column("originalId").last == "1")
      #expect(d.column("id").last == "2")
    }
  }

  @Test(arguments: ScenarioMode.allCases)
  func restoreGivesBackNonConsumablesAndSubscriptionsNeverConsumables(_ mode: ScenarioMode) {
    let iap = ScenarioPlayer(mode)
    for id in ["extra_lives", "unlock_maps", "season_pass", "pro.monthly", "coins_1000"] { iap.run("buy \(Self.p).\(id) --finish") }
    iap.run(
      "restore", status: 0,
      stdout: [
        .contains("restored  \(Self.p).unlock_maps"), .contains("restored  \(Self.p).pro.monthly"), .lacks("extra_lives"),
        .lacks("season_pass"), .contains("restore finished: 2 restored"),
      ])
    iap.run("queue --json") { d in
      #expect(d.column("state") == ["restored", "restored"])
      #expect(d.column("originalId") == ["2", "4"])
    }
    iap.run("restore --json") { d in #expect(d["restored"]?.text == "2") }
  }
}
