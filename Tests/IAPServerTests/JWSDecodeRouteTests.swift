import IAPTesting
import Testing

@testable import IAPFormats
@testable import IAPHTTP
@testable import IAPServer

/// `POST /iap/v1/jws/decode`: `iap jws decode --json` over HTTP, naming the environment a value
/// was signed for, which Apple's SignedDataVerifier must be made with.
@Suite struct JWSDecodeRouteTests {
  let harness = TestHarness()

  func decode(_ token: String) -> HTTPResponse {
    harness.send("POST", "/iap/v1/jws/decode", JSONWriter.compact(.object([("token", .string(token))])))
  }

  @Test func namesTheEnvironmentTheValueWasSignedFor() throws {
    #expect(harness.send("PATCH", "/iap/v1/settings", #"{"environment": "Sandbox"}"#).status == 200)
    let bought = harness.send("POST", "/iap/v1/purchases", #"{"productId": "sword"}"#).jsonBody?["transactions"]?.arrayValue?.last
    let token = try #require(bought?["jwsRepresentation"]?.stringValue)
    let answer = try #require(decode(token).jsonBody)
    #expect(answer["signatureValid"] == .bool(true))
    #expect(answer["environment"] == .string("Sandbox"))
    #expect(answer["hint"]?.stringValue?.contains("Environment.SANDBOX") == true)
  }

  @Test func aDashIsATokenNotTheServersStandardInput() {
    let answer = decode("-")
    #expect(answer.status == 400)
    #expect(answer.jsonBody?["error"]?["name"] == .string("inputInvalid"))
  }
}
