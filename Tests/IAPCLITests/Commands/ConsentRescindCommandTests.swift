import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPCrypto
@testable import IAPFormats
@testable import IAPKit

/// `iap consent rescind`: RESCIND_CONSENT, whose payload carries `appData` in place of
/// `data`: `appAppleId`, `bundleId`, `environment` and `signedAppTransactionInfo` (App Store
/// Server Notifications 2.19; Apple's App Store Server Library 3.1.2, models/AppData.py and
/// tests/resources/models/signedRescindConsentNotification.json).
@Suite struct ConsentRescindCommandTests {
  let harness = TestHarness()

  /// The last notification's decoded payload.
  func lastPayload() throws -> JSONValue {
    let list = harness.run("notifications --json").json["notifications"]?.arrayValue ?? []
    let token = try #require(list.last?["signedPayload"]?.stringValue)
    return try JWS.decode(token, key: nil).payload
  }

  @Test func rescindSendsAppDataWithTheSignedAppTransaction() throws {
    #expect(harness.run("settings set app-apple-id 1234567890").status == 0)
    #expect(harness.run("buy sword --finish").status == 0)
    let result = harness.run("consent rescind --json")
    #expect(result.status == 0)
    #expect(result.json["notificationType"] == .string("RESCIND_CONSENT"))
    let payload = try lastPayload()
    #expect(payload["notificationType"] == .string("RESCIND_CONSENT"))
    #expect(payload["subtype"] == nil)
    #expect(payload["data"] == nil, "appData in place of data")
    let app = try #require(payload["appData"])
    #expect(app["appAppleId"] == .int(1_234_567_890))
    #expect(app["bundleId"] == .string("com.example.app"))
    #expect(app["environment"] == .string("LocalTesting"))
    let signed = try #require(app["signedAppTransactionInfo"]?.stringValue)
    let appTransaction = try JWS.decode(signed, key: nil).payload
    #expect(appTransaction["appTransactionId"] == result.json["appTransactionId"])
    #expect(appTransaction["bundleId"] == .string("com.example.app"))
    // The customer's transactions carry the same app transaction id.
    let bought = harness.run("history --json").json.transactions.first?["jwsRepresentation"]?.stringValue ?? ""
    #expect(try JWS.decode(bought, key: nil).payload["appTransactionId"] == appTransaction["appTransactionId"])
  }

  @Test func rescindChangesNothingTheAccountOwns() {
    #expect(harness.run("buy sword --finish").status == 0)
    let before = harness.run("entitlements --json").json.transactions.count
    #expect(harness.run("consent rescind").stdout.contains("RESCIND_CONSENT sent"))
    #expect(harness.run("entitlements --json").json.transactions.count == before)
  }

  @Test func theNotificationSurvivesTheStoresSnapshot() throws {
    #expect(harness.run("consent rescind --account kid").status == 0)
    // Replayed from notifications.log by a later command: the app transaction is kept.
    #expect(harness.run("buy gems").status == 0)
    let list = harness.run("notifications --json").json["notifications"]?.arrayValue ?? []
    let first = try #require(list.first?["signedPayload"]?.stringValue)
    #expect(try JWS.decode(first, key: nil).payload["appData"]?["signedAppTransactionInfo"] != nil)
  }
}
