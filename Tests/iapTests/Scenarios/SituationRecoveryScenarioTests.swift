import Foundation
import IAPFormats
import IAPTesting
import Testing

/// What goes wrong in a store and how it is undone, from a user's shell: simulated StoreKit
/// errors, refunds, deletions, accounts, devices and reinstalls, and the entitlements left.
@Suite struct SituationRecoveryScenarioTests {
  static let p = "com.example.fakegame"

  @Test(arguments: ScenarioMode.allCases)
  func simulatedStoreKitErrorsLoadProductsPurchaseRestore(_ mode: ScenarioMode) {
    let iap = ScenarioPlayer(mode)
    iap.run("buy \(Self.p).rocket_car --finish")
    iap.run("settings set fail-load-products cloudServiceNetworkConnectionFailed")
    iap.run("products fetch \(Self.p).rocket_car --json", status: 1, stderr: [.contains("request(_:didFailWithError:)")]) { d in
      #expect(d["error"]?["domain"]?.text == "SKErrorDomain")
      #expect(d["error"]?["code"]?.text == "7")
      #expect(d["error"]?["name"]?.text == "cloudServiceNetworkConnectionFailed")
    }
    iap.run("settings set fail-purchase unknown")
    iap.run("buy \(Self.p).coins_1000", status: 1, stderr: [.contains("unknown (0): simulated failure")])
    iap.run("settings reset fail-purchase")
    iap.run("buy \(Self.p).coins_1000 --fail 2 --json", status: 1) { d in
      #expect(d.transactions.last?["error"]?["name"]?.text == "paymentCancelled")
    }
    iap.run("buy \(Self.p).coins_1000 --finish", status: 0)
    iap.run("settings set fail-restore 0")
    let before = iap.stateSnapshot()
    iap.run("restore", status: 1, stderr: [.contains("restoreCompletedTransactionsFailedWithError")])
    iap.expectUnchanged(since: before)
    iap.run("settings reset")
    iap.run("restore", status: 0, stdout: [.contains("restore finished: 1 restored")])
  }

  @Test(arguments: ScenarioMode.allCases)
  func refundsRevokePurchasesAndTakeEntitlementsAway(_ mode: ScenarioMode) {
    let iap = ScenarioPlayer(mode)
    for id in ["rocket_car", "pro.monthly", "season_pass", "coins_1000"] { iap.run("buy \(Self.p).\(id) --finish") }
    iap.run("entitlements --json") { d in #expect(d.transactions.count == 3) }
    iap.run("refund 1 --reason developerIssue --json", status: 0) { d in
      #expect(d.transactions.first?["revocationReason"]?.text == "developerIssue")
      #expect(d.transactions.first?["revocationDate"].map { $0 != .null } == true)
    }
    iap.run("refund 2", stdout: [.contains("refunded")])
    iap.run("entitlements --json") { d in #expect(d.column("productId") == ["\(Self.p).season_pass"]) }
    let before = iap.stateSnapshot()
    iap.run("refund 1", status: 1, stderr: [.equals("error: transaction 1 is already refunded")])
    iap.run("refund 99", status: 1)
    iap.run("refund 1 --reason whatever", status: 64)
    iap.expectUnchanged(since: before)
    iap.run("restore", stdout: [.equals("restore finished: 0 restored")])
  }

  @Test(arguments: ScenarioMode.allCases)
  func deleteRemovesATransactionWithItsRestoresAndClearRemovesThemAll(_ mode: ScenarioMode) {
    let iap = ScenarioPlayer(mode)
    iap.run("buy \(Self.p).rocket_car --finish")
    iap.run("buy \(Self.p).unlock_maps --finish")
    iap.run("restore")
    iap.run("delete 1 --json", status: 0) { d in #expect(d.column("id") == ["1", "3"]) }
    iap.run("history --json") { d in #expect(d.column("id") == ["2", "4"]) }
    iap.run("delete 1", status: 1)
    iap.run("clear", status: 0)
    iap.run("history", stdout: [.equals("")])
    iap.run("buy \(Self.p).rocket_car --json") { d in
      #expect(d.column("id").last == "5")
      #expect(d.column("state").last == "purchased")
    }
  }

  @Test(arguments: ScenarioMode.allCases)
  func accountsNeverSeeEachOthersPurchases(_ mode: ScenarioMode) {
    let iap = ScenarioPlayer(mode)
    iap.run("buy \(Self.p).unlock_maps --finish --account alice")
    iap.run("history --account bob", stdout: [.equals("")])
    iap.run("restore", variables: ["IAP_ACCOUNT": "bob"], stdout: [.equals("restore finished: 0 restored")])
    iap.run("buy \(Self.p).unlock_maps --json", variables: ["IAP_ACCOUNT": "bob"]) { d in #expect(d.column("state").last == "purchased") }
    iap.run("entitlements --account alice --json") { d in #expect(d.transactions.count == 1) }
    iap.run(["queue", "--account", ""], status: 64)
  }

  @Test(arguments: ScenarioMode.allCases)
  func reinstallEmptiesTheDevicesQueueAndRestoreGivesBackDurablePurchases(_ mode: ScenarioMode) {
    let iap = ScenarioPlayer(mode)
    iap.run("buy \(Self.p).unlock_maps --device phone")
    iap.run("buy \(Self.p).coins_1000 --device phone")
    iap.run("buy \(Self.p).pro.yearly --device phone --finish")
    iap.run("buy \(Self.p).rocket_car --device tablet")
    iap.run("reinstall --device phone", status: 0, stdout: [.contains("2 unfinished transactions left the queue")])
    iap.run("queue --device phone", stdout: [.equals("")])
    iap.run("queue --device tablet --json") { d in #expect(d.transactions.count == 1) }
    iap.run("history --json") { d in #expect(d.transactions.count == 4) }
    iap.run(
      "restore --device phone",
      stdout: [
        .contains("restored  \(Self.p).unlock_maps"), .contains("restored  \(Self.p).pro.yearly"), .lacks("coins_1000"),
        .contains("restore finished: 2 restored"),
      ])
  }
}
