import Foundation
import IAPTesting
import Testing

@testable import IAPFormats

/// `iap keys`, as a developer sets up the keys that sign promotional offers: a private `.p8`
/// written once, the public key kept, a public key from elsewhere added and removed.
@Suite struct OfferScenarioTests {
  let harness = ScenarioFixtures.harness()

  @Test func keysCreateWritesAPrivateP8AndKeepsThePublicKey() throws {
    let created = harness.run("keys create -o key.p8 --json")
    #expect(created.status == 0)
    let keyId = try #require(created.json["keyId"]?.stringValue)
    #expect(keyId.count == 10 && keyId.allSatisfy { ($0.isLetter || $0.isNumber) && $0.isASCII } && keyId.uppercased() == keyId)
    let issuerId = try #require(created.json["issuerId"]?.stringValue)
    #expect(issuerId.count == 36 && Array(issuerId)[14] == "4")
    let mode = try FileManager.default.attributesOfItem(atPath: harness.directory + "/key.p8")[.posixPermissions] as? Int
    #expect(mode == 0o600, "the .p8's mode")
    #expect(harness.read("key.p8")?.split(separator: "\n").first == "-----BEGIN PRIVATE KEY-----", "the .p8's first line")
    let listed = harness.run("keys list --json")
    #expect(listed.json["keys"]?.strings("keyId") == [keyId])
    #expect(!listed.stdout.contains("PRIVATE"))
    let again = harness.run("keys create -o key.p8")
    #expect(again.status == 74)
    #expect(again.err.contains("the file exists"))
    // The public key of the .p8, as `openssl ec -pubout` writes it: the PEM the state keeps.
    harness.write("pub.pem", try #require(listed.json["keys"]?.at(0)?["publicKey"]?.stringValue))
    #expect(harness.run("keys add OTHERKEY01 pub.pem").status == 0)
    let twice = harness.run("keys add OTHERKEY01 pub.pem")
    #expect(twice.status == 1)
    #expect(twice.err.contains("already registered"))
    #expect(harness.run("keys remove OTHERKEY01").out == "removed  OTHERKEY01")
    #expect(harness.run("keys remove NOSUCHKEY1").status == 1)
  }
}
