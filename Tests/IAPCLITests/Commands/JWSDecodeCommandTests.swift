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
