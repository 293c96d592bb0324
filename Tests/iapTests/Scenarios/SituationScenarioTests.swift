import Foundation
import IAPFormats
import IAPTesting
import Testing

/// What goes wrong in a store, from a user's shell: settings, Ask to Buy, a restricted
/// device, interrupted purchases. Each checks the text and `--json` output and the exit
/// status, and that a refused action changed nothing.
@Suite struct SituationScenarioTests {
  static let p = "com.example.fakegame"

  @Test(arguments: ScenarioMode.allCases)
  func settingsShowSetPersistAndReset(_ mode: ScenarioMode) {
    let iap = ScenarioPlayer(mode)
    iap.run("settings", status: 0, stdout: [.contains("ask-to-buy                 off           (default)")])
    iap.run("settings set ask-to-buy on", stdout: [.equals("ask-to-buy  on  (set)")])
    iap.run("settings --json") { d in
      #expect(d["settings"]?["ask-to-buy"]?["value"]?.text == "on")
      #expect(d["settings"]?["ask-to-buy"]?["source"]?.text == "set")
    }
    let before = iap.stateSnapshot()
    iap.run("settings set ask-to-by off", status: 64, stderr: [.contains("unknown setting 'ask-to-by' (did you mean 'ask-to-buy'?)")])
    iap.run("settings set fail-purchase nonsense", status: 64)
    iap.expectUnchanged(since: before)
    iap.run("settings reset", stdout: [.contains("ask-to-buy                 off           (default)")])
  }

  @Test(arguments: ScenarioMode.allCases)
  func aCatalogsSettingsAreTheDefaultsAndResetGoesBackToThem(_ mode: ScenarioMode) throws {
    var catalog = try #require(
      try PropertyListSerialization.propertyList(from: Data(Repository.bundledCatalog.utf8), format: nil) as? [String: Any])
    catalog["settings"] = ["ask-to-buy": true, "fail-restore": "unknown", "storefront": "FRA"]
    let xml = try PropertyListSerialization.data(fromPropertyList: catalog, format: .xml, options: 0)
    let iap = ScenarioPlayer(mode, catalog: String(decoding: xml, as: UTF8.self))
    iap.run("settings --json") { d in
      #expect(d["settings"]?["ask-to-buy"]?["value"]?.text == "on")
      #expect(d["settings"]?["ask-to-buy"]?["source"]?.text == "catalog")
      #expect(d["settings"]?["fail-restore"]?["value"]?.text == "unknown")
      #expect(d["settings"]?["storefront"]?["source"]?.text == "catalog")
    }
    iap.run("buy \(Self.p).rocket_car", status: 2)
    iap.run("settings set ask-to-buy off")
    iap.run("buy \(Self.p).coins_1000 --json", status: 0) { d in #expect(d.column("state").last == "purchased") }
    iap.run("settings reset")
    iap.run("settings --json") { d in
      #expect(d["settings"]?["ask-to-buy"]?["value"]?.text == "on")
      #expect(d["settings"]?["ask-to-buy"]?["source"]?.text == "catalog")
    }
    iap.run("restore", status: 1)
  }

  @Test(arguments: ScenarioMode.allCases)
  func askToBuyDeferredThenApprovedAtTheNextLaunch(_ mode: ScenarioMode) {
    let iap = ScenarioPlayer(mode)
    iap.run("settings set ask-to-buy on")
    iap.run(
      "buy \(Self.p).unlock_maps", status: 2, stdout: [.contains("#1  deferred    \(Self.p).unlock_maps")],
      stderr: [.contains("waiting for approval (Ask to Buy)")])
    iap.run("buy \(Self.p).rocket_car --json", status: 2) { d in
      #expect(d.column("state").last == "deferred")
      #expect(d["error"] == nil)
    }
    iap.run("queue --json") { d in #expect(d.column("state") == ["deferred", "deferred"]) }
    var before = iap.stateSnapshot()
    iap.run(
      "finish 1", status: 1, stderr: [.equals("error: transaction 1 is deferred and cannot be finished: it is waiting for approval (Ask to Buy)")])
    iap.expectUnchanged(since: before)
    iap.run("approve 1", status: 0, stdout: [.contains("#1  purchased  \(Self.p).unlock_maps")])
    iap.run("queue --json") { d in #expect(d.column("state") == ["purchased", "deferred"]) }
    before = iap.stateSnapshot()
    iap.run("approve 1", status: 1, stderr: [.equals("error: transaction 1 is purchased: only a deferred transaction can be approved")])
    iap.run("approve 1 --json") { d in
      #expect(d["error"]?["name"]?.text == "wrongState")
      #expect(d["error"]?["exitCode"]?.text == "1")
    }
    iap.expectUnchanged(since: before)
    iap.run("decline 2 --json", status: 0) { d in
      #expect(d.column("state").first == "failed")
      #expect(d.transactions.first?["error"]?["name"]?.text == "paymentCancelled")
    }
    iap.run("entitlements --json") { d in #expect(d.column("productId") == ["\(Self.p).unlock_maps"]) }
  }

  @Test(arguments: ScenarioMode.allCases)
  func canMakePaymentsOffIsARestrictedDevice(_ mode: ScenarioMode) {
    let iap = ScenarioPlayer(mode)
    iap.run("can-make-payments", status: 0, stdout: [.equals("yes")])
    iap.run("settings set can-make-payments off")
    iap.run("can-make-payments --json", status: 1) { d in #expect(d["canMakePayments"] == .bool(false)) }
    iap.run("buy \(Self.p).coins_1000", status: 1, stderr: [.contains("paymentNotAllowed (4)")])
  }

  @Test(arguments: ScenarioMode.allCases)
  func interruptedPurchasesFailWithAnIssueUntilResolved(_ mode: ScenarioMode) {
    let iap = ScenarioPlayer(mode)
    iap.run("settings set interrupted-purchases on")
    iap.run("buy \(Self.p).rocket_car --json", status: 1) { d in
      #expect(d.column("state").last == "failed")
      #expect(d.transactions.last?["error"]?["name"]?.text == "paymentCancelled")
    }
    iap.run("finish 1")
    iap.run("queue", stdout: [.equals("")])
    iap.run("resolve 1", status: 0, stdout: [.contains("#2  purchased  \(Self.p).rocket_car")])
    iap.run("queue --json") { d in
      #expect(d.column("id") == ["2"])
      #expect(d.column("state") == ["purchased"])
    }
    let before = iap.stateSnapshot()
    iap.run("resolve 1", status: 1, stderr: [.equals("error: transaction 1 is failed: it has no purchase issue to resolve")])
    iap.run("resolve 2", status: 1, stderr: [.equals("error: transaction 2 is purchased: it has no purchase issue to resolve")])
    iap.expectUnchanged(since: before)
  }
}
