import IAPTesting
import Testing

@testable import IAPFormats

/// The lifecycle commands driven as a user would: refund requests, declines and reversals,
/// price increases and Family Sharing, checked in what they print and in the notifications
/// they send.
@Suite struct LifecycleScenarioTests {
  let harness = ScenarioFixtures.harness()
  let app = ScenarioFixtures.app
  let monthly = ScenarioFixtures.app + ".pro.monthly"

  init() { harness.run("clock set 2026-01-15T10:00:00Z") }

  /// The first subscription `subscription status --json` shows.
  func status() -> JSONValue? { harness.run("subscription status --json").json["subscriptions"]?.at(0) }

  @Test func refundRequestDeclineRefundAndReverse() {
    harness.run("buy \(app).coins_1000 --finish")
    harness.run("buy \(app).unlock_maps --finish")
    let request = harness.run("refund-request 1 --reason UNINTENDED_PURCHASE --json")
    #expect(request.status == 0)
    #expect(request.json.transactions.first?["refundRequest"]?["status"] == .string("pending"))
    #expect(request.json.transactions.first?["refundRequest"]?["reason"] == .string("UNINTENDED_PURCHASE"))
    let declined = harness.run("refund-decline 1")
    #expect(declined.status == 0)
    #expect(declined.out.contains("refund declined (UNINTENDED_PURCHASE"))
    #expect(harness.run("refund-request 2 --reason LEGAL").status == 0)
    harness.run("refund 2")
    #expect(!harness.run("entitlements").out.contains("unlock_maps"))
    let reversed = harness.run("refund-reverse 2")
    #expect(reversed.status == 0)
    #expect(reversed.out.contains("refund reversed"))
    #expect(harness.run("entitlements").out.contains("unlock_maps"))
    let again = harness.run("refund-reverse 2")
    #expect(again.status == 1)
    #expect(again.err == "error: transaction 2 is not refunded: only a granted refund can be reversed")
    #expect(harness.run("refund-request 1 --reason MAYBE").status == 64)
    #expect(
      harness.sentTypes()
        == ["ONE_TIME_CHARGE", "ONE_TIME_CHARGE", "CONSUMPTION_REQUEST", "REFUND_DECLINED", "REFUND", "REFUND_REVERSED"])
    let refunded = harness.run("history --json").json["transactions"]?.at(1)
    #expect(refunded?["refundRequest"]?["status"] == .string("granted"))
    #expect(refunded?["refundReversalDate"] != nil && refunded?["refundReversalDate"] != .null)
  }

  @Test func aDeclinedPriceIncreaseExpiresWithIntent3() {
    harness.run("buy \(monthly) --finish")
    let increase = harness.run("subscription price-increase \(monthly) --price 12.99")
    #expect(increase.status == 0)
    #expect(increase.out.contains("price increase to 12.99 USD pending"))
    #expect(status()?["renewalInfo"]?["priceIncreaseStatus"] == .int(0))
    #expect(status()?["renewalInfo"]?["renewalPrice"] == .int(12990))
    #expect(harness.run("subscription price-increase-consent \(monthly) decline").out.contains("auto-renew off"))
    harness.run("clock advance 1M")
    #expect(status()?["state"] == .string("expired"))
    #expect(status()?["expirationIntent"] == .int(3))
    #expect(
      harness.sentTypes()
        == ["SUBSCRIBED/INITIAL_BUY", "PRICE_INCREASE/PENDING", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "EXPIRED/PRICE_INCREASE"])
  }

  @Test func anAcceptedPriceIncreaseRenewsAtTheNewPrice() {
    harness.run("buy \(monthly) --finish")
    harness.run("subscription price-increase \(monthly) --price 5.99")
    #expect(harness.run("subscription price-increase-consent \(monthly) accept").status == 0)
    harness.run("clock advance 1M")
    #expect(harness.run("history --json").json.transactions.last?["id"] == .string("2"))
    #expect(harness.run("queue --json").json["transactions"]?.strings("id") == ["2"])
    #expect(harness.sentTypes().last == "DID_RENEW", "the renewal")
  }

  @Test func familySharingSharesWithAMemberAndARefundOrRemovalRevokes() {
    harness.run("buy \(app).unlock_maps --finish")
    harness.run("buy \(app).rocket_car --finish")
    harness.run("buy \(monthly) --finish")
    let added = harness.run("family add kid --json")
    #expect(added.status == 0)
    #expect(added.json.transactions.map { $0["productId"]?.stringValue?.split(separator: ".").last.map(String.init) } == ["unlock_maps", "monthly"])
    #expect(harness.run("--account kid entitlements --json").json["transactions"]?.strings("inAppOwnershipType") == ["FAMILY_SHARED", "FAMILY_SHARED"])
    #expect(harness.run("family add kid").status == 1)
    harness.run("refund 1")
    let shared = harness.run("--account kid entitlements")
    #expect(!shared.out.contains("unlock_maps"))
    #expect(shared.out.contains("pro.monthly"))
    #expect(harness.run("family remove kid").status == 0)
    #expect(harness.run("--account kid entitlements").out == "")
    // The member's grants are notified as purchases: ONE_TIME_CHARGE and SUBSCRIBED INITIAL_BUY.
    #expect(
      harness.sentTypes() == [
        "ONE_TIME_CHARGE", "ONE_TIME_CHARGE", "SUBSCRIBED/INITIAL_BUY", "ONE_TIME_CHARGE", "SUBSCRIBED/INITIAL_BUY", "REFUND", "REVOKE", "REVOKE",
      ])
  }
}
