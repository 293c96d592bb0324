import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit
@testable import IAPFormats
@testable import IAPCrypto

/// Family Sharing: family-shareable non-consumables and auto-renewable subscriptions reach the
/// family's other accounts as transactions of their own with `inAppOwnershipType`
/// FAMILY_SHARED, and REVOKE ends them (Apple's "Supporting Family Sharing in your app" and
/// notificationType REVOKE).
@Suite struct FamilyCommandTests {
  static let shareable = "<key>familyShareable</key><true/>"
  let harness = TestHarness(
    catalog: TestHarness.plist(products: [
      TestHarness.product("gems", "consumable", price: "<string>0.99</string>", extra: shareable),
      TestHarness.product("sword", "nonConsumable", price: "<string>4.99</string>", extra: shareable),
      TestHarness.product("shield", "nonConsumable", price: "<string>2.99</string>"),
      TestHarness.product(
        "pro.monthly", "autoRenewable", price: "<string>9.99</string>",
        extra: "<key>subscriptionGroup</key><string>pro</string><key>subscriptionPeriod</key><string>P1M</string>" + shareable),
    ]))

  func entitlements(_ account: String) -> [JSONValue] {
    harness.run(["--account", account, "entitlements", "--json"]).json.transactions
  }

  @Test func addingAMemberSharesTheShareableDurablePurchases() {
    for product in ["gems", "sword", "shield", "pro.monthly"] { harness.run("buy \(product) --finish") }
    let added = harness.run("family add kid --json")
    #expect(added.status == 0)
    // Never consumables; only products marked familyShareable.
    #expect(added.json.transactions.map { $0["productId"] } == [.string("sword"), .string("pro.monthly")])
    let shared = entitlements("kid")
    #expect(shared.map { $0["productId"] } == [.string("sword"), .string("pro.monthly")])
    #expect(shared.allSatisfy { $0["inAppOwnershipType"] == .string("FAMILY_SHARED") })
    // Its own transactions: new ids, each its own original.
    #expect(shared.map { $0["id"] } == [.string("5"), .string("6")])
    #expect(shared.allSatisfy { $0["originalId"] == $0["id"] })
    let signed = try? JWS.decode(shared[0]["jwsRepresentation"]?.stringValue ?? "", key: nil).payload
    #expect(signed?["inAppOwnershipType"] == .string("FAMILY_SHARED"))
    // The purchaser's own stay PURCHASED.
    #expect(entitlements("default").allSatisfy { $0["inAppOwnershipType"] == .string("PURCHASED") })
    #expect(harness.run("--account kid family").stdout == "shared by  default\n")
    #expect(harness.run("family --json").json["members"] == .array([.string("kid")]))
  }

  @Test func laterPurchasesAndRenewalsAreSharedToo() {
    harness.run("family add kid")
    harness.run("buy sword --finish")
    harness.run("buy pro.monthly --finish")
    #expect(entitlements("kid").count == 2)
    harness.advance(seconds: 32 * 24 * 3600)
    let renewed = entitlements("kid").first { $0["productId"] == .string("pro.monthly") }
    #expect(renewed?["expirationDate"] == .string("2026-03-15T10:00:00Z"))
    #expect(renewed?["originalId"] == .string("4"), "the member's renewal keeps the member's original")
    harness.run("subscription expire pro.monthly")
    #expect(entitlements("kid").map { $0["productId"] } == [.string("sword")])
  }

  /// Apple notifies about family-shared transactions as about purchased ones (developer
  /// forums thread 744155: renewal-status changes arrive with FAMILY_SHARED too): a renewal,
  /// a change of auto-renew and an expiry each reach the server twice, the purchaser's
  /// transaction first, then the member's own.
  @Test func theMembersShareOfASubscriptionIsNotifiedLikeThePurchasers() {
    harness.run("family add kid")
    harness.run("buy pro.monthly --finish")
    func lastTwo() -> [String] {
      harness.notificationPayloads().suffix(2).map { n in
        let type = n["notificationType"]?.stringValue ?? "?"
        let subtype = n["subtype"]?.stringValue.map { "/\($0)" } ?? ""
        return "\(type)\(subtype) \(n["data"]?["transaction"]?["inAppOwnershipType"]?.stringValue ?? "?")"
      }
    }
    harness.advance(seconds: 32 * 24 * 3600)
    #expect(lastTwo() == ["DID_RENEW PURCHASED", "DID_RENEW FAMILY_SHARED"])
    harness.run("subscription cancel pro.monthly")
    #expect(lastTwo() == ["DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED PURCHASED", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED FAMILY_SHARED"])
    harness.advance(seconds: 32 * 24 * 3600)
    #expect(lastTwo() == ["EXPIRED/VOLUNTARY PURCHASED", "EXPIRED/VOLUNTARY FAMILY_SHARED"])
    let member = harness.notificationPayloads().last?["data"]?["transaction"]
    #expect(member?["originalTransactionId"] != harness.notificationPayloads().suffix(2).first?["data"]?["transaction"]?["originalTransactionId"], "the member's own transaction")
  }

  @Test func aRefundRevokesTheShareWithRevoke() {
    harness.run("buy sword --finish")
    harness.run("family add kid")
    harness.run("refund 1")
    #expect(entitlements("kid").isEmpty)
    let revoke = harness.notificationPayloads().last
    #expect(revoke?["notificationType"] == .string("REVOKE"))
    #expect(revoke?["data"]?["transaction"]?["transactionId"] == .string("2"))
    #expect(revoke?["data"]?["transaction"]?["inAppOwnershipType"] == .string("FAMILY_SHARED"))
    #expect(revoke?["data"]?["transaction"]?["revocationDate"] != nil)
  }

  @Test func removingAMemberRevokesEveryShare() {
    harness.run("buy sword --finish")
    harness.run("buy pro.monthly --finish")
    harness.run("family add kid")
    let removed = harness.run("family remove kid --json")
    #expect(removed.json.transactions.count == 2)
    #expect(entitlements("kid").isEmpty)
    #expect(harness.notificationTypes().suffix(2) == ["REVOKE", "REVOKE"])
    #expect(harness.run(["--account", "kid", "subscription", "status", "--json"]).json["subscriptions"]?.arrayValue?.first?["state"] == .string("revoked"))
    #expect(entitlements("default").count == 2, "the purchaser keeps everything")
  }

  /// The member's shares are printed as revoked, not as `refunded`.
  @Test func removingAMemberPrintsTheSharesAsRevoked() {
    harness.run("buy sword --finish")
    harness.run("family add kid")
    let removed = harness.run("family remove kid")
    #expect(removed.stdout == "#2  purchased  sword  2026-01-15T10:00:00Z  revoked 2026-01-15T10:00:00Z  family shared (purchase #1)\n")
  }

  @Test func refusalsNameTheProblemAndChangeNothing() {
    harness.run("family add kid")
    let log = harness.read(".iap/transactions.log")
    #expect(harness.run("family add kid").stderr == "error: family sharing: 'kid' is already in the family of 'default'\n")
    #expect(harness.run("family add default").status == 1)
    #expect(harness.run("--account other family add kid").stderr.contains("is in the family of 'default'"))
    #expect(harness.run("family remove nobody").stderr == "error: family sharing: 'nobody' is not in the family of 'default'\n")
    #expect(harness.read(".iap/transactions.log") == log)
  }

  @Test func theFamilySurvivesSnapshots() {
    harness.run("family add kid")
    for _ in 0..<40 { harness.run("buy gems --finish") }
    harness.run("buy sword --finish")
    #expect(entitlements("kid").count == 1)
  }
}
