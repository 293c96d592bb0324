import Foundation
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPFormats
@testable import IAPKit

/// `iap subscription timeline` and the picture the web page draws from the same JSON: each
/// period and how it began, offers, upgrades and downgrades, billing retry and grace,
/// refunds, resubscription, and the notifications.
@Suite struct SubscriptionTimelineCommandTests {
  let harness = TestHarness()

  init() {
    let group = { (level: Int, period: String) in
      "<key>subscriptionGroup</key><string>club</string><key>subscriptionPeriod</key><string>\(period)</string><key>groupLevel</key><integer>\(level)</integer>"
    }
    let trial = "<key>introductoryOffer</key><dict><key>paymentMode</key><string>free</string><key>period</key><string>P1W</string></dict>"
    harness.write("catalog.plist", TestHarness.plist(products: [
      TestHarness.product("gold", "autoRenewable", price: "<string>9.99</string>", extra: group(1, "P1M")),
      TestHarness.product("silver", "autoRenewable", price: "<string>4.99</string>", extra: group(2, "P1M") + trial),
      TestHarness.product("bronze", "autoRenewable", price: "<string>2.99</string>", extra: group(2, "P1M")),
      TestHarness.product("gems", "consumable", price: "<string>0.99</string>"),
    ]))
  }

  func timeline(_ id: String = "silver") -> JSONValue { harness.run("subscription timeline \(id) --json").json }
  func period(_ t: JSONValue, _ index: Int) -> JSONValue? {
    let all = t["periods"]?.arrayValue ?? []
    return index < all.count ? all[index] : nil
  }
  func kinds(_ t: JSONValue) -> [String?] { (t["periods"]?.arrayValue ?? []).map { $0["kind"]?.stringValue } }

  @Test func aTrialThenRenewalsIsAPurchaseWithItsOfferAndRenewals() {
    harness.run("buy silver --finish")
    harness.run("buy gems --finish")
    harness.run("clock advance 2M")
    let t = timeline()
    // A week's trial from Jan 15, then monthly from Jan 22: renewals on Jan 22 and Feb 22.
    #expect(kinds(t) == ["purchase", "renewal", "renewal"])
    let first = period(t, 0)
    #expect(first?["offer"]?["discountType"] == .string("FREE_TRIAL"))
    #expect(first?["offer"]?["type"] == .string("introductory"))
    #expect(first?["end"] == .string("2026-01-22T10:00:00Z"), "a one-week free trial")
    #expect(period(t, 1)?["offer"] == .null)
    #expect(period(t, 1)?["price"] == .string("4.99"))
    #expect(t["state"] == .string("subscribed"))
    #expect(t["now"] == .string("2026-03-15T10:00:00Z"))
    #expect(t["events"]?.arrayValue?.map { $0["notificationType"]?.stringValue } == ["SUBSCRIBED", "DID_RENEW", "DID_RENEW"],
      "the consumable's notification is not the subscription's")
  }

  @Test func anUpgradeEndsThePeriodItReplacesAndADowngradeTakesEffectAtRenewal() {
    harness.run("buy silver --finish")
    harness.run("buy gold --finish")
    var t = timeline("gold")
    #expect(kinds(t) == ["purchase", "upgrade"])
    #expect(period(t, 0)?["upgraded"] == .bool(true))
    #expect(period(t, 0)?["end"] == period(t, 1)?["start"], "the upgraded period ends when the upgrade starts")
    harness.run("buy silver --finish")  // a downgrade: from the next renewal
    harness.run("clock advance 1M")
    t = timeline("gold")
    #expect(kinds(t) == ["purchase", "upgrade", "downgrade"])
    harness.run("buy bronze --finish")  // the same level and duration: a crossgrade, at once
    harness.run("clock advance 1M")
    #expect(kinds(timeline()) == ["purchase", "upgrade", "downgrade", "crossgrade", "renewal"])
  }

  @Test func billingRetryIsASpanThatRunsUntilItIsResolved() {
    harness.run("buy gold --finish")
    harness.run("settings set billing-retry on")
    harness.run("clock advance 40d")
    var t = timeline("gold")
    let retry = t["spans"]?.arrayValue?.first
    #expect(retry?["kind"] == .string("billingRetry"))
    #expect(retry?["start"] == .string("2026-02-15T10:00:00Z"))
    #expect(retry?["end"] == .null, "still running")
    #expect(retry?["until"] != .null)
    #expect(t["state"] == .string("inBillingRetryPeriod"))
    harness.run("settings set billing-retry off")
    harness.run("clock advance 60d")
    t = timeline("gold")
    #expect(t["spans"]?.arrayValue?.first?["end"] != .null, "it ended, by recovery or expiry")
  }

  @Test func aRefundedPeriodEndsAtItsRefundAndALapsedCustomerResubscribes() {
    harness.run("buy gold --finish")
    harness.run("subscription cancel gold")
    harness.run("clock advance 2M")
    harness.run("buy gold --finish")
    let t = timeline("gold")
    #expect(kinds(t) == ["purchase", "resubscribe"])
    harness.run("refund 2")
    let refunded = period(timeline("gold"), 1)
    #expect(refunded?["revocationDate"] != .null)
    #expect(refunded?["end"] == refunded?["revocationDate"])
  }

  @Test func theTextIsOneLinePerPeriodAndWhereItStands() {
    harness.run("buy silver --finish")
    harness.run("clock advance 1M")
    let result = harness.run("subscription timeline silver")
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "\(lines)")
    #expect(lines[0].contains("purchase") && lines[0].contains("free trial P1W") && lines[0].contains("#1"))
    #expect(lines[1].contains("renewal") && lines[1].contains("4.99 USD"))
    #expect(lines[2].hasPrefix("now 2026-02-15T10:00:00Z  subscribed  auto-renew on  renews "))
  }

  @Test func aProductWithoutASubscriptionIsAOneLineRefusal() {
    let result = harness.run("subscription timeline gold")
    #expect(result.status == ExitCode.storeRefused.rawValue)
    #expect(result.stderr.split(separator: "\n").first?.hasPrefix("error: ") == true)
    #expect(result.stdout.isEmpty)
  }
}
