import Foundation
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPKit
@testable import IAPFormats
@testable import IAPCrypto

/// In Sandbox and Production the store signs with ES256 and its own certificate
/// chain, made from the signing secret, as Apple's verifiers expect (their acceptance is
/// checked with Apple's library in scripts/e2e/certified.sh).
@Suite struct CertifiedSigningTests {
  let harness = TestHarness()

  func header(_ token: String) throws -> JSONValue {
    try JSONParser.parse(try Base64URL.decode(String(token.split(separator: ".")[0])))
  }

  @Test func theChainIsAppleShapedAndVerifies() throws {
    let chain = SigningChain(secret: Array("secret".utf8))
    let root = try X509Certificate(der: chain.root)
    let intermediate = try X509Certificate(der: chain.intermediate)
    let leaf = try X509Certificate(der: chain.leaf)
    #expect(intermediate.extension(OID.appleWWDRIntermediateMarker)?.critical == false)
    #expect(leaf.extension(OID.appleReceiptSigningMarker)?.critical == false)
    #expect(leaf.authorityKeyIdentifier == intermediate.subjectKeyIdentifier)
    #expect(intermediate.authorityKeyIdentifier == root.subjectKeyIdentifier)
    // Valid on every date the store's clock can show.
    #expect(root.notBefore <= Timestamp.supportedRange.lowerBound.milliseconds / 1000)
    #expect(leaf.notAfter >= Timestamp.supportedRange.upperBound.milliseconds / 1000)
    let verify: X509Chain.Verifier = { key, message, signature in
      P256.PublicKey(x963Representation: key)!.isValidSignature(P256.Signature(rawRepresentation: signature)!, for: message)
    }
    for date in [Timestamp.supportedRange.lowerBound, Timestamp(iso8601: "2026-01-15T10:00:00Z")!, Timestamp.supportedRange.upperBound] {
      _ = try X509Chain.verify(
        leaf: chain.leaf, intermediate: chain.intermediate, root: chain.root, trustedRoot: chain.root, at: date, verify: verify)
    }
  }

  @Test func theSameSecretGivesTheSameChainAndAnotherSecretAnother() {
    let a = SigningChain(secret: Array("one".utf8))
    #expect(a.root == SigningChain(secret: Array("one".utf8)).root)
    #expect(a.leaf == SigningChain(secret: Array("one".utf8)).leaf)
    #expect(a.root != SigningChain(secret: Array("two".utf8)).root)
  }

  @Test(arguments: ["Sandbox", "Production"])
  func signedValuesAreES256WithTheChain(_ environment: String) throws {
    #expect(harness.run("settings set app-apple-id 1234567890").status == 0)
    #expect(harness.run("settings set environment \(environment)").status == 0)
    let buy = harness.run("buy pro.monthly --json")
    #expect(buy.status == 0, "\(buy.stderr)")
    let token = try #require(buy.json.transactions.last?["jwsRepresentation"]?.stringValue)
    let h = try header(token)
    #expect(h["alg"] == .string("ES256"))
    #expect(h["x5c"]?.arrayValue?.count == 3)
    let decoded = harness.run(["jws", "decode", token, "--json"])
    #expect(decoded.status == 0, "\(decoded.stdout)")
    #expect(decoded.json["payload"]?["environment"] == .string(environment))
    let status = harness.run("subscription status pro.monthly --json").json["subscriptions"]?.arrayValue?.first
    let renewal = try #require(status?["signedRenewalInfo"]?.stringValue)
    #expect(harness.run(["jws", "decode", renewal]).status == 0)
    #expect(status?["renewalInfo"]?["autoRenewProductId"] == .string("pro.monthly"))
    #expect(status?["signedTransactionInfo"]?.stringValue != nil)
  }

  @Test func aForgedPayloadOrATokenFromAnotherStoreNamesTheCheckThatFailed() throws {
    #expect(harness.run("settings set environment Sandbox").status == 0)
    let token = try #require(harness.run("buy sword --json").json.transactions.last?["jwsRepresentation"]?.stringValue)
    var parts = token.split(separator: ".").map(String.init)
    parts[1] = Base64URL.encode(#"{"productId":"shield"}"#)
    let forged = harness.run(["jws", "decode", parts.joined(separator: "."), "--json"])
    #expect(forged.status == 1)
    #expect(forged.json["failure"] == .string("signature does not verify under the leaf certificate's key"))
    // Another state, with its own secret and so its own root.
    let other = TestHarness()
    #expect(other.run("settings set environment Sandbox").status == 0)
    let foreign = try #require(other.run("buy sword --json").json.transactions.last?["jwsRepresentation"]?.stringValue)
    let result = harness.run(["jws", "decode", foreign, "--json"])
    #expect(result.status == 1)
    #expect(result.json["failure"] == .string("certificate chain: root certificate is not the trusted root"))
  }

  /// Apple's verifier takes no Production data without the app's Apple ID, so no setting may
  /// leave Production without it: the change is refused whole and the store keeps working.
  @Test func productionWithoutTheAppsAppleIdCannotBeSet() {
    let set = harness.run("settings set environment Production")
    #expect(set.status == 64)
    let errors = set.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }
    #expect(errors.count == 1, "\(set.stderr)")
    #expect(errors.first?.contains("the Production environment needs app-apple-id") == true)
    #expect(errors.first?.contains("iap settings set app-apple-id NUMBER") == true, "the fix is named")
    let environment = harness.run("settings").stdout.split(separator: "\n").first { $0.hasPrefix("environment ") }
    #expect(environment?.contains("LocalTesting  (default)") == true, "nothing was stored")
    #expect(harness.run("queue").status == 0)
    #expect(harness.run("settings set app-apple-id 12").status == 0)
    #expect(harness.run("settings set environment Production").status == 0)
    for command in ["settings reset app-apple-id", "settings set app-apple-id off", "settings reset"] {
      #expect(harness.run(command).status == (command == "settings reset" ? 0 : 64), "\(command)")
    }
    #expect(harness.run("queue").status == 0)
  }

  /// A catalog can still ask for Production without the app's Apple ID: every use case of the
  /// store refuses before it stores anything, and the settings stay changeable.
  @Test func aCatalogsProductionWithoutTheAppsAppleIdIsRefusedBeforeAnythingIsStored() {
    harness.write("catalog.plist", TestHarness.plist(
      products: [TestHarness.product("sword", "nonConsumable", price: "<string>4.99</string>")],
      top: "<key>settings</key><dict><key>environment</key><string>Production</string></dict>"))
    for command in ["buy sword --json", "queue"] {
      let result = harness.run(command)
      #expect(result.status == 65, "\(command)")
      #expect(result.stderr.contains("the Production environment needs app-apple-id"))
      #expect(result.stderr.contains("iap settings set app-apple-id NUMBER"), "and at each refusal")
    }
    let other = harness.run("settings set ask-to-buy on")
    #expect(other.status == 0, "a change that leaves the settings as incomplete as they were passes")
    #expect(other.stderr.contains("iap settings set app-apple-id NUMBER"), "and names the fix")
    #expect(harness.run("settings set app-apple-id 12x").status == 64)
    #expect(harness.run("settings set app-apple-id 12").status == 0)
    #expect(harness.run("buy sword --json").json.transactions.last?["id"] == .string("1"), "nothing was stored before")
  }

  @Test func theCatalogGivesTheAppsAppleId() throws {
    harness.write("catalog.plist", TestHarness.plist(
      products: [TestHarness.product("sword", "nonConsumable", price: "<string>4.99</string>")],
      top: "<key>bundleId</key><string>com.x</string><key>appAppleId</key><integer>987654321</integer>"))
    let settings = harness.run("settings --json")
    #expect(settings.stdout.contains("987654321"), "\(settings.stdout)")
    #expect(harness.run("settings set environment Production").status == 0)
    let app = harness.run("app-transaction --json")
    #expect(app.status == 0, "\(app.stderr)")
    #expect(app.json["appAppleId"] == .int(987_654_321))
    #expect(app.json["receiptType"] == .string("Production"))
    #expect(harness.run(["jws", "decode", app.json["signedAppTransaction"]?.stringValue ?? ""]).status == 0)
  }

  @Test func deviceVerificationIsTheSHA384OfTheNonceAndTheDeviceId() throws {
    let app = harness.run("app-transaction --json").json
    let nonce = try #require(app["deviceVerificationNonce"]?.stringValue)
    let device = try #require(app["deviceVerificationID"]?.stringValue)
    let expected = Data(SHA384.hash(Array((nonce + device).utf8))).base64EncodedString()
    #expect(app["deviceVerification"] == .string(expected))
    #expect(nonce == nonce.lowercased() && nonce.count == 36)
  }

  @Test func theRootIsExportedAsPEMOrDER() throws {
    let pem = harness.run("certificates root")
    #expect(pem.status == 0)
    #expect(pem.stdout.hasPrefix("-----BEGIN CERTIFICATE-----\n"))
    #expect(harness.run("certificates root -o root.cer").status == 0)
    let der = try #require(FileManager.default.contents(atPath: harness.directory + "/root.cer"))
    #expect(try X509Certificate(pem: pem.stdout).der == [UInt8](der))
    // Later signatures chain to the same root: the secret was made with it.
    #expect(harness.run("settings set environment Sandbox").status == 0)
    let token = try #require(harness.run("buy sword --json").json.transactions.last?["jwsRepresentation"]?.stringValue)
    let x5c = try #require(try header(token)["x5c"]?.arrayValue)
    #expect(Data(base64Encoded: x5c[2].stringValue ?? "") == der)
  }
}
