import Foundation
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPFormats
@testable import IAPKit

/// `iap subscription manage`: what StoreKit's manage-subscriptions sheet shows, and
/// its simulated failure.
@Suite struct SubscriptionManageCommandTests {
  let harness = TestHarness()

  init() {
    let group = { (name: String, level: Int) in
      "<key>subscriptionGroup</key><string>\(name)</string><key>subscriptionPeriod</key><string>P1M</string><key>groupLevel</key><integer>\(level)</integer>"
    }
    harness.write("catalog.plist", TestHarness.plist(products: [
      TestHarness.product("silver", "autoRenewable", price: "<string>4.99</string>", extra: group("club", 2)),
      TestHarness.product("gold", "autoRenewable", price: "<string>9.99</string>", extra: group("club", 1)),
      TestHarness.product("old", "autoRenewable", price: "<string>1.99</string>", extra: group("club", 3) + "<key>clearedForSale</key><false/>"),
      TestHarness.product("news", "autoRenewable", price: "<string>0.99</string>", extra: group("paper", 1)),
      TestHarness.product("gems", "consumable", price: "<string>0.99</string>"),
    ]))
  }

  func groups(_ arguments: String = "") -> [JSONValue] {
    harness.run("subscription manage \(arguments) --json").json["groups"]?.arrayValue ?? []
  }

  @Test func showsEachSubscribedGroupWithItsPlansHighestLevelFirst() {
    #expect(groups().isEmpty, "no subscription: nothing to manage")
    #expect(harness.run("buy silver --finish").status == 0)
    #expect(harness.run("buy news --finish").status == 0)
    let shown = groups()
    #expect(shown.map { $0["subscriptionGroup"]?.stringValue } == ["club", "paper"], "in the order subscribed")
    #expect(shown[0]["subscription"]?["productId"] == .string("silver"))
    #expect(shown[0]["plans"]?.arrayValue?.map { $0["id"]?.stringValue } == ["gold", "silver"], "levels 1, 2; not what is off sale")
    #expect(shown[0]["plans"]?.arrayValue?.first?["displayPrice"] == .string("$9.99"))
    let text = harness.run("subscription manage club").stdout.split(separator: "\n").map(String.init)
    #expect(text.first?.hasPrefix("group club: silver subscribed, auto-renew on, renews ") == true)
    let rows: [[String]] = text.dropFirst().map { (line: String) -> [String] in line.split(separator: " ").map(String.init) }
    #expect(rows == [["level", "1", "gold", "$9.99", "P1M"], ["level", "2", "silver", "$4.99", "P1M", "current"]])
  }

  @Test func aGroupAskedForIsShownSubscribedOrNot() {
    let byProduct = groups("gold")
    #expect(byProduct.map { $0["subscriptionGroup"]?.stringValue } == ["club"] && byProduct.first?["subscription"] == .null)
    #expect(groups("paper").first?["plans"]?.arrayValue?.count == 1)
    #expect(harness.run("subscription manage").stdout.isEmpty, "piped, an empty sheet prints nothing")
    for wrong in ["gems", "nope"] {
      let result = harness.run("subscription manage \(wrong)")
      #expect(result.status == 64 && result.stderr.hasPrefix("error: '\(wrong)' is neither a subscription group nor"))
    }
  }

  @Test func failsAsTheSheetDoesAndChangesNothing() {
    #expect(harness.run("buy silver --finish").status == 0)
    #expect(harness.run("settings set fail-manage-subscriptions cloudServiceNetworkConnectionFailed").status == 0)
    let before = harness.run("subscription status --json").stdout
    let failed = harness.run("subscription manage")
    #expect(failed.status == 1)
    #expect(failed.stderr == "error: AppStore.showManageSubscriptions(in:): the manage subscriptions sheet failed with cloudServiceNetworkConnectionFailed (7): simulated failure: The device could not connect to the network.\n")
    #expect(harness.run("subscription status --json").stdout == before)
    #expect(harness.run("settings set fail-manage-subscriptions off").status == 0)
    #expect(groups().count == 1)
  }
}
