import Foundation
import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit
@testable import IAPCrypto

@Suite struct KeysCommandTests {
  let harness = TestHarness()

  @Test func createWritesAPrivateP8AndKeepsOnlyThePublicPart() throws {
    let created = harness.run("keys create -o key.p8 --json")
    #expect(created.status == 0)
    let keyId = try #require(created.json["keyId"]?.stringValue)
    let issuerId = try #require(created.json["issuerId"]?.stringValue)
    #expect(keyId.count == 10 && keyId.allSatisfy { ($0.isUppercase || $0.isNumber) && $0.isASCII })
    #expect(PromotionalOfferVerifier.isUUID(issuerId) && issuerId == issuerId.lowercased())
    #expect(Array(issuerId)[14] == "4")
    // The .p8 is a PKCS#8 PEM, readable by its owner only, whose public key is the registered one.
    let path = harness.directory + "/key.p8"
    let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    #expect(mode == 0o600)
    let pem = try #require(harness.read("key.p8"))
    let block = try PEM.decode(pem, labels: [PEM.Label.privateKey])
    let key = try #require(P256.PrivateKey(rawRepresentation: try PKCS8.decode(block.bytes).privateKey))
    let listed = harness.run("keys list --json").json
    #expect(listed["issuerId"]?.stringValue == issuerId)
    let publicPEM = try #require(listed["keys"]?.arrayValue?.first?["publicKey"]?.stringValue)
    #expect(try SubjectPublicKeyInfo.decodeP256(pem: publicPEM) == key.publicKey.x963Representation)
    // Nothing private is in the state.
    let state = try String(contentsOfFile: harness.directory + "/.iap/keys.json", encoding: .utf8)
    #expect(!state.contains("PRIVATE"))
    // One issuer per state; a second key gets another id.
    let second = harness.run("keys create -o other.p8 --json").json
    #expect(second["issuerId"]?.stringValue == issuerId)
    #expect(second["keyId"]?.stringValue != keyId)
  }

  @Test func createDefaultsToAuthKeyAndNeverOverwrites() throws {
    let created = harness.run("keys create")
    #expect(created.status == 0)
    let keyId = String(try #require(created.stdout.split(separator: "\n").first?.split(separator: " ").last))
    #expect(created.stdout.hasPrefix("keyId     \(keyId)\nissuerId  "))
    #expect(created.stderr == "note: wrote the private key to AuthKey_\(keyId).p8 (keep it secret: the state keeps only the public key)\n")
    #expect(harness.read("AuthKey_\(keyId).p8")?.hasPrefix("-----BEGIN PRIVATE KEY-----") == true)
    harness.write("taken.p8", "mine")
    let refused = harness.run("keys create -o taken.p8")
    #expect(refused.status == 74)
    #expect(refused.stderr.contains("the file exists; iap does not overwrite a key file"))
    #expect(harness.read("taken.p8") == "mine")
    #expect(harness.run("keys list --json").json["keys"]?.arrayValue?.count == 1)
  }

  @Test func addRegistersAPublicKeyPEMFromAFileOrStandardInput() throws {
    let key = OfferSigning.key("added")
    let pem = SubjectPublicKeyInfo.pem(p256PublicKey: key.publicKey.x963Representation)
    harness.write("pub.pem", pem)
    #expect(harness.run("keys add ABC123 pub.pem").status == 0)
    harness.stdin = pem
    #expect(harness.run("keys add DEF456 -").status == 0)
    let list = harness.run("keys list")
    #expect(list.stdout.hasSuffix("ABC123  added\nDEF456  added\n"))
    let duplicate = harness.run("keys add ABC123 pub.pem")
    #expect(duplicate.status == 1)
    #expect(duplicate.stderr == "error: a key 'ABC123' is already registered: remove it first (iap keys remove ABC123)\n")
    harness.write("bad.pem", "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n")
    let bad = harness.run("keys add GHI789 bad.pem")
    #expect(bad.status == 65)
    #expect(bad.stderr.hasPrefix("error: bad.pem: not a P-256 public key PEM"))
    #expect(harness.run("keys add bad/id pub.pem").status == 64)
    #expect(harness.run("keys list --json").json["keys"]?.arrayValue?.count == 2)
  }

  @Test func removeForgetsAKeyAndRefusesAnUnknownOne() {
    let key = OfferSigning.key("removed")
    harness.write("pub.pem", SubjectPublicKeyInfo.pem(p256PublicKey: key.publicKey.x963Representation))
    harness.run("keys add ABC123 pub.pem")
    #expect(harness.run("keys remove ABC123").stdout == "removed  ABC123\n")
    let unknown = harness.run("keys remove ABC123 --json")
    #expect(unknown.status == 1)
    #expect(unknown.json["error"]?["name"] == .string("unknownKey"))
    #expect(harness.run("keys list --json").json["keys"]?.arrayValue?.isEmpty == true)
  }
}
