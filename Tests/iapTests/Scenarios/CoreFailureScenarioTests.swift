import Foundation
import IAPFormats
import IAPTesting
import Testing

/// The core store's failures from a user's shell: each error path's exit status and message,
/// and that a refused action, a usage error or an unreadable state changes nothing.
@Suite struct CoreFailureScenarioTests {
  static let p = "com.example.fakegame"

  @Test(arguments: ScenarioMode.allCases)
  func failedPurchasesAreQueuedTransactionsWithSKErrorCodes(_ mode: ScenarioMode) {
    let iap = ScenarioPlayer(mode)
    iap.run(
      "buy \(Self.p).rockt_car", status: 1,
      stderr: [
        .equals(
          "error: purchase failed: storeProductNotAvailable (5): product 'com.example.fakegame.rockt_car' is not in the catalog (did you mean 'com.example.fakegame.rocket_car'?)"
        )
      ])
    iap.run("buy \(Self.p).superpowers --json", status: 1) { d in
      #expect(d.transactions.count > 1 ? d.transactions[1]["error"]?["code"]?.text == "5" : false)
      #expect(d["error"]?["name"]?.text == "storeProductNotAvailable")
    }
    iap.run("buy \(Self.p).rocket_car --quantity 2", status: 1, stderr: [.contains("paymentInvalid (3)")])
    iap.run("buy \(Self.p).extra_lives --quantity 11", status: 1)
    iap.run("queue --json") { d in #expect(d.transactions.count == 4) }
    iap.run("finish --all", status: 0)
    iap.run("finish --all", status: 1, stderr: [.equals("error: nothing to finish: the payment queue is empty")])
  }

  @Test(arguments: ScenarioMode.allCases)
  func usageErrorsExit64WithAReasonAndAHint(_ mode: ScenarioMode) {
    let iap = ScenarioPlayer(mode)
    iap.run(
      "buy \(Self.p).extra_lives --quantiy 2", status: 64,
      stderr: [.contains("error: unknown option '--quantiy' (did you mean '--quantity'?)"), .contains("See 'iap buy --help' for more information.")])
    iap.run("prodcts list", status: 64, stderr: [.contains("did you mean 'products'?")])
    iap.run("buy \(Self.p).extra_lives --quantity lots", status: 64)
    iap.run("finish", status: 64)
    iap.run("--help", status: 0, stdout: [.contains("SUBCOMMANDS:")])
    iap.run("--version", stdout: [.contains("iap ")])
    #expect(!FileManager.default.fileExists(atPath: iap.directory + "/.iap"), "a usage error created state")
  }

  @Test(arguments: ScenarioMode.allCases)
  func finishRefusesUnknownAndFinishedIdsAndChangesNothing(_ mode: ScenarioMode) {
    let iap = ScenarioPlayer(mode)
    iap.run("buy \(Self.p).extra_lives")
    iap.run("buy \(Self.p).coins_1000 --finish")
    let before = iap.stateSnapshot()
    iap.run("finish 1 2", status: 1, stderr: [.equals("error: transaction 2 is not in the payment queue: it is already finished")])
    iap.run("finish 1 99", status: 1, stderr: [.equals("error: unknown transaction '99'")])
    iap.expectUnchanged(since: before)
    iap.run("queue", stdout: [.contains("#1  purchased  \(Self.p).extra_lives")])
  }

  @Test(arguments: ScenarioMode.allCases)
  func catalogProblemsMissingIs66InvalidIs65WithEveryProblem(_ mode: ScenarioMode) {
    let iap = ScenarioPlayer(mode)
    iap.run(
      "products list --catalog nowhere.plist", status: 66,
      stderr: [.equals("error: catalog not found: nowhere.plist (use --catalog PATH or IAP_CATALOG)")])
    let bad = Repository.bundledCatalog.replacingOccurrences(of: "<string>0.99</string>", with: "<string>abc</string>")
      .replacingOccurrences(of: "<string>nonRenewing</string>", with: "<string>seasonal</string>")
    iap.harness.write("bad.plist", bad)
    iap.run(
      "products list --catalog bad.plist", status: 65,
      stderr: [
        .contains(#"bad.plist: products[0] (com.example.fakegame.extra_lives): price: expected a decimal number ≥ 0, got "abc""#),
        .contains(
          #"bad.plist: products[7] (com.example.fakegame.season_pass): type: expected one of consumable, nonConsumable, autoRenewable, nonRenewing, got "seasonal""#
        ),
      ])
    var generator = SystemRandomNumberGenerator()
    iap.harness.write("garbage.plist", bytes: (0..<100).map { _ in UInt8.random(in: 0...255, using: &generator) })
    iap.run("buy x --catalog garbage.plist", status: 65)
    iap.run("products list", variables: ["IAP_CATALOG": "nowhere.plist"], status: 66)
  }

  @Test(arguments: ScenarioMode.allCases)
  func aStateThatCannotBeParsedIs74AndNeverOverwritten(_ mode: ScenarioMode) {
    let iap = ScenarioPlayer(mode)
    iap.run("buy \(Self.p).rocket_car")
    iap.harness.write(".iap/store.json", #"{"format":1,"#)
    let broken = iap.harness.bytes(".iap/store.json")
    for command in ["queue", "buy \(Self.p).extra_lives", "finish 1", "restore", "history"] {
      iap.run(command, status: 74, stderr: [.contains("store.json is unreadable")])
    }
    #expect(iap.harness.bytes(".iap/store.json") == broken, "the broken state file was overwritten")
    iap.run("reset", status: 0)
    iap.run("queue", status: 0)
  }

  @Test(arguments: ScenarioMode.allCases)
  func stateIsPrivateAndResetClearsIt(_ mode: ScenarioMode) throws {
    let iap = ScenarioPlayer(mode)
    iap.run("buy \(Self.p).rocket_car")
    for (path, permissions) in [(".iap", 0o700), (".iap/store.json", 0o600), (".iap/transactions.log", 0o600)] {
      let attributes = try FileManager.default.attributesOfItem(atPath: iap.directory + "/" + path)
      #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == permissions, "\(path)'s mode")
    }
    iap.run("reset", status: 0)
    iap.run("history", stdout: [.equals("")])
    iap.run("--state elsewhere buy \(Self.p).rocket_car", status: 0)
    iap.run("queue", variables: ["IAP_STATE": "elsewhere"], stdout: [.contains("#1  purchased")])
  }

  /// Separate processes, as separate apps and test runs are: one state folder, its lock, no lost write.
  @Test func parallelBuyersOnOneStateFolderLoseNothing() {
    let iap = ScenarioPlayer(.binary)
    let directory = iap.directory
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 1...25 { _ = BinaryProcess.run(["buy", "\(Self.p).extra_lives"], in: directory, variables: [:], stdin: "") }
    }
    iap.run("history --json") { d in
      let ids = d.column("id").compactMap { Int($0) }
      #expect(ids.count == 100 && Set(ids).count == 100)
      #expect(ids.sorted() == Array(1...100))
    }
    iap.run("queue --json") { d in #expect(d.transactions.count == 100) }
  }
}
