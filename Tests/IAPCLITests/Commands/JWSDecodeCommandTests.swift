import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

@Suite struct JWSDecodeCommandTests {
  let harness = TestHarness()

  @Test func decodesTheFirstLineOfStandardInputForDash() throws {
    harness.run("buy sword")
    let token = try #require(harness.run("queue --json").json.transactions.first?["jwsRepresentation"]?.stringValue)
    harness.stdin = token + "\nnot read\n"
    let result = harness.run(["jws", "decode", "-", "--json"])
    #expect(result.status == 0)
    #expect(result.json["signatureValid"] == .bool(true))
    #expect(result.json["payload"]?["productId"] == .string("sword"))
  }

  @Test func anEmptyStandardInputIsAMalformedToken() {
    harness.stdin = ""
    #expect(harness.run("jws decode -").status == 65)
  }
}

@Suite struct JWSDecodeEnvironmentTests {
  let harness = TestHarness()

  @Test func namesTheEnvironmentAVerifierMustBeMadeWith() throws {
    harness.run("buy sword")
    let local = try #require(harness.run("queue --json").json.transactions.first?["jwsRepresentation"]?.stringValue)
    let decoded = harness.run(["jws", "decode", local])
    #expect(decoded.stdout.contains("environment: signed with HS256 for LocalTesting"), "\(decoded.stdout)")
    #expect(decoded.stdout.contains("iap settings set environment Sandbox"))
    harness.run("settings set environment Sandbox")
    harness.run("buy shield")
    let sandbox = try #require(harness.run("queue --json").json.transactions.last?["jwsRepresentation"]?.stringValue)
    let json = harness.run(["jws", "decode", sandbox, "--json"]).json
    #expect(json["environment"] == .string("Sandbox"))
    #expect(json["hint"]?.stringValue?.contains("Environment.SANDBOX") == true)
  }
}
