import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPCrypto
@testable import IAPFormats
@testable import IAPKit

/// `iap external-purchase token`: refused for an app not configured for external purchase;
/// otherwise a token, whose EXTERNAL_PURCHASE_TOKEN UNREPORTED payload carries
/// `externalPurchaseToken` in place of `data` (Apple's App Store Server Library 3.1.2,
/// models/ExternalPurchaseToken.py).
@Suite struct ExternalPurchaseTokenCommandTests {
  let harness = TestHarness()

  @Test func anAppNotConfiguredForExternalPurchaseIsRefused() {
    let refused = harness.run("external-purchase token")
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("not configured for external purchase") && refused.stderr.contains("external-purchase on"))
    #expect(harness.run("notifications --json").json["notifications"]?.arrayValue?.isEmpty ?? true)
  }

  @Test func anUnreportedTokenBringsItsNotificationAfterTenDays() throws {
    #expect(harness.run("clock set 2026-01-15T10:00:00Z").status == 0)
    #expect(harness.run("settings set external-purchase on").status == 0)
    #expect(harness.run("settings set app-apple-id 1234567890").status == 0)
    let token = harness.run("external-purchase token --json").json
    let id = try #require(token["externalPurchaseId"]?.stringValue)
    #expect(id.hasPrefix("SANDBOX_"), "not Production: a sandbox token")
    #expect(token["tokenCreationDate"] == .int(1_768_471_200_000) && token["appAppleId"] == .int(1_234_567_890))
    #expect(token["bundleId"] == .string("com.example.app"))
    let decoded = try JSONParser.parse(Base64URL.decode(try #require(token["token"]?.stringValue)))
    #expect(decoded["externalPurchaseId"] == .string(id), "the token string is its JSON, Base64URL-encoded")
    #expect(harness.run("clock advance 9d").status == 0)
    #expect(harness.run("notifications --json").json["notifications"]?.arrayValue?.isEmpty ?? true)
    #expect(harness.run("clock advance 1d").status == 0)
    let list = harness.run("notifications --json").json["notifications"]?.arrayValue ?? []
    #expect(list.count == 1)
    let payload = try JWS.decode(try #require(list.first?["signedPayload"]?.stringValue), key: nil).payload
    #expect(payload["notificationType"] == .string("EXTERNAL_PURCHASE_TOKEN") && payload["subtype"] == .string("UNREPORTED"))
    #expect(payload["data"] == nil, "externalPurchaseToken in place of data")
    let sent = try #require(payload["externalPurchaseToken"])
    #expect(sent["externalPurchaseId"] == .string(id) && sent["tokenCreationDate"] == .int(1_768_471_200_000))
    #expect(sent["appAppleId"] == .int(1_234_567_890) && sent["bundleId"] == .string("com.example.app"))
    #expect(harness.run("clock advance 30d").status == 0)
    #expect(harness.run("notifications --json").json["notifications"]?.arrayValue?.count == 1, "sent once")
  }
}
