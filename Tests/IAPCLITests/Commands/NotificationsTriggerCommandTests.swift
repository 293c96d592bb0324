import IAPCrypto
import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

/// `notifications trigger`: each notification `--list` names is produced by the store's own
/// flow, and the one printed is the one sent.
@Suite struct NotificationsTriggerCommandTests {
  /// A catalog with a product for every flow: a subscription group of two levels, a
  /// family-shareable non-consumable.
  static let catalog = TestHarness.plist(products: [
    TestHarness.product("gems", "consumable", price: "<string>0.99</string>"),
    TestHarness.product("sword", "nonConsumable", price: "<string>4.99</string>", extra: "<key>familyShareable</key><true/>"),
    TestHarness.product(
      "pro.monthly", "autoRenewable", price: "<string>9.99</string>",
      extra: "<key>subscriptionGroup</key><string>pro</string><key>subscriptionPeriod</key><string>P1M</string><key>groupLevel</key><integer>2</integer>"),
    TestHarness.product(
      "pro.premium", "autoRenewable", price: "<string>19.99</string>",
      extra: "<key>subscriptionGroup</key><string>pro</string><key>subscriptionPeriod</key><string>P1M</string><key>groupLevel</key><integer>1</integer>"),
  ])
  let harness = TestHarness(catalog: catalog)

  @Test func everyListedNotificationIsProducedByItsFlow() throws {
    let listed = harness.run("notifications trigger --list --json").json["triggers"]?.arrayValue ?? []
    #expect(listed.count == TriggerFlow.all.count)
    for (index, row) in listed.enumerated() {
      let type = try #require(row["notificationType"]?.stringValue)
      let subtype = row["subtype"]?.stringValue
      let name = subtype.map { "\(type)/\($0)" } ?? type
      // A customer of its own per flow: each starts from an account that owns nothing.
      let words = ["notifications", "trigger", type] + (subtype.map { [$0] } ?? []) + ["--customer", "customer\(index)", "--json"]
      let result = harness.run(words)
      #expect(result.status == 0, "\(name): \(result.stderr)")
      let notification = result.json["notification"]
      #expect(notification?["notificationType"] == .string(type), "\(name)")
      #expect(notification?["subtype"] == (subtype.map { .string($0) } ?? .null), "\(name)")
      // The notification printed is the one the store sent, at its place in the list.
      let sequence = try #require(notification?["sequence"]?.intValue)
      let sent = harness.run("notifications --json").json["notifications"]?.arrayValue ?? []
      try #require(sent.indices.contains(Int(sequence) - 1), "\(name)")
      #expect(sent[Int(sequence) - 1]["notificationUUID"] == notification?["notificationUUID"], "\(name)")
      // What the notification URL receives says so too.
      let token = try #require(notification?["signedPayload"]?.stringValue)
      let payload = try JWS.decode(token, key: nil).payload
      #expect(payload["notificationType"] == .string(type), "\(name)")
      #expect((payload["subtype"] ?? .null) == (subtype.map { .string($0) } ?? .null), "\(name)")
    }
  }

  @Test func theCurrentAccountIsUsedAndTheTextNamesTheNotification() {
    let result = harness.run("notifications trigger DID_RENEW")
    #expect(result.status == 0)
    #expect(result.stdout.contains("DID_RENEW"))
    #expect(result.stdout.contains("notificationUUID: "))
    #expect(harness.run("history --json").json.transactions.count == 2, "the purchase and its renewal, on the default account")
  }

  @Test func aFailedRenewalsSettingsArePutBack() {
    harness.run("settings set grace-period on")
    #expect(harness.run("notifications trigger DID_FAIL_TO_RENEW").status == 0)
    let settings = harness.run("settings --json").json["settings"]
    #expect(settings?["billing-retry"]?["source"] == .string("default"))
    #expect(settings?["grace-period"]?["value"] == .string("on"))
    #expect(settings?["grace-period"]?["source"] == .string("set"))
  }

  @Test func anUnreportedTokensSettingIsPutBack() {
    let result = harness.run("notifications trigger EXTERNAL_PURCHASE_TOKEN UNREPORTED --json")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.json["notification"]?["subtype"] == .string("UNREPORTED"))
    let settings = harness.run("settings --json").json["settings"]
    #expect(settings?["external-purchase"]?["source"] == .string("default"))
    #expect(harness.run("external-purchase token").status == 64, "the app is no longer configured for external purchase")
  }

  @Test func typesIapDoesNotSimulateAreRefusedWithWhy() {
    let external = harness.run("notifications trigger EXTERNAL_PURCHASE_TOKEN")
    #expect(external.status == 64)
    #expect(external.stderr.contains("EXTERNAL_PURCHASE_TOKEN takes UNREPORTED"), "the subtypes it takes are named")
    let commerce = harness.run("notifications trigger METADATA_UPDATE")
    #expect(commerce.status == 64)
    #expect(commerce.stderr.contains("Advanced Commerce"))
    #expect(harness.run("notifications trigger NOT_A_TYPE").status == 64)
    let offer = harness.run("notifications trigger OFFER_REDEEMED")
    #expect(offer.status == 64)
    #expect(offer.stderr.contains("OFFER_REDEEMED: sent when a purchase redeems an offer"))
    #expect(harness.run("notifications trigger DID_RENEW UPGRADE").stderr.contains("DID_RENEW UPGRADE: not a notification"))
    #expect(harness.notificationTypes().isEmpty, "nothing was bought")
  }

  @Test func aProductOfTheWrongTypeIsRefused() {
    let result = harness.run("notifications trigger REFUND --product pro.monthly")
    #expect(result.status == 64)
    #expect(result.stderr.contains("needs a product of type consumable"))
  }
}
