import Testing
@testable import IAPFormats
@testable import IAPCrypto

@Suite struct JWSTests {
  let key = Array("iap-test-secret".utf8)
  let header: JSONValue = .object([("alg", .string("HS256")), ("typ", .string("JWT"))])
  let payload: JSONValue = .object([
    ("productId", .string("com.example.gems")), ("quantity", .int(2)), ("price", .int(990)),
    ("environment", .string("Xcode")), ("note", .string("é ✓")),
  ])

  /// Computed independently with Python's `hmac`/`hashlib`/`base64` over
  /// `json.dumps(..., separators=(',', ':'), ensure_ascii=False)` of the same values.
  let expected = """
    eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.\
    eyJwcm9kdWN0SWQiOiJjb20uZXhhbXBsZS5nZW1zIiwicXVhbnRpdHkiOjIsInByaWNlIjo5OTAsImVudmlyb25tZW50IjoiWGNvZGUiLCJub3RlIjoiw6kg4pyTIn0.\
    uUDZNSBFeyoLsQVjFFPhvrc7EVZt1JZ0U-Qn8bLzMsE
    """

  @Test func signsDeterministicallyAsAnIndependentImplementationDoes() {
    #expect(JWS.sign(header: header, payload: payload, key: key) == expected)
    #expect(JWS.sign(header: header, payload: payload, key: key) == JWS.sign(header: header, payload: payload, key: key))
  }

  @Test func decodesAndVerifies() throws {
    let decoded = try JWS.decode(expected, key: key)
    #expect(decoded.header == header)
    #expect(decoded.payload == payload)
    #expect(decoded.signatureValid == true)
  }

  @Test func decodesWithoutAKeyAsLocalTestingDoes() throws {
    let decoded = try JWS.decode(expected, key: nil)
    #expect(decoded.payload["productId"] == .string("com.example.gems"))
    #expect(decoded.signatureValid == nil)
  }

  @Test func aWrongKeyOrAnAlteredTokenDoesNotVerify() throws {
    #expect(try JWS.decode(expected, key: Array("other".utf8)).signatureValid == false)
    // The same payload re-encoded with a different price, keeping the old signature.
    let forged = JWSTests.replacingPayload(of: expected, with: .object([("price", .int(1))]))
    #expect(try JWS.decode(forged, key: key).signatureValid == false)
    let parts = expected.split(separator: ".")
    let truncated = parts[0] + "." + parts[1] + "." + parts[2].dropLast(3)  // 30 bytes: well-formed, too short
    #expect(try JWS.decode(String(truncated), key: key).signatureValid == false)
  }

  /// RFC 7515 Appendix A.1: a token whose header has line breaks, so it can only have been
  /// produced elsewhere; its HMAC key is the JWK `k` of the example.
  @Test func verifiesTheRFC7515Example() throws {
    let token = """
      eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9.\
      eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.\
      dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk
      """
    let k = try Base64URL.decode("AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow")
    let decoded = try JWS.decode(token, key: k)
    #expect(decoded.signatureValid == true)
    #expect(decoded.header["alg"] == .string("HS256"))
    #expect(decoded.payload["iss"] == .string("joe"))
    #expect(decoded.payload["exp"] == .int(1_300_819_380))
  }

  /// A token for another algorithm (Apple's own are ES256) is never reported valid.
  @Test func otherAlgorithmsAreNotValidHS256() throws {
    let es256 = JWS.sign(header: .object([("alg", .string("ES256"))]), payload: payload, key: key)
    #expect(try JWS.decode(es256, key: key).signatureValid == false)
    #expect(try JWS.decode(es256, key: nil).signatureValid == nil)
  }

  @Test(arguments: [
    ("abc", JWSError.wrongPartCount(1)),
    ("a.b", JWSError.wrongPartCount(2)),
    ("a.b.c.d", JWSError.wrongPartCount(4)),
    ("e30.e30.e30.", JWSError.wrongPartCount(4)),
  ])
  func rejectsWrongPartCounts(_ token: String, _ error: JWSError) {
    #expect(throws: error) { try JWS.decode(token, key: nil) }
  }

  @Test func namesThePartThatIsMalformed() {
    let object = Base64URL.encode("{}")
    #expect(throws: JWSError.invalidBase64URL(part: "header", Base64URLError(offset: 2, reason: "padding '='"))) {
      try JWS.decode("e3==.\(object).", key: nil)
    }
    #expect(throws: JWSError.invalidBase64URL(part: "signature", Base64URLError(offset: 1, reason: "invalid character '+'"))) {
      try JWS.decode("\(object).\(object).a+bc", key: nil)
    }
    #expect(throws: JWSError.invalidJSON(part: "payload", JSONParseError(offset: 1, reason: "expected a string key"))) {
      try JWS.decode("\(object).\(Base64URL.encode("{x")).", key: nil)
    }
    #expect(throws: JWSError.headerNotObject) { try JWS.decode("\(Base64URL.encode("[1]")).\(object).", key: nil) }
  }

  @Test func errorsReadAsOneLine() {
    #expect(JWSError.wrongPartCount(2).description == "not a compact JWS: expected 3 parts separated by '.', got 2")
    #expect(
      JWSError.invalidBase64URL(part: "payload", Base64URLError(offset: 3, reason: "padding '='")).description
        == "JWS payload is not base64url: padding '=' at offset 3")
    #expect(
      JWSError.invalidJSON(part: "header", JSONParseError(offset: 0, reason: "unexpected end of text")).description
        == "JWS header is not JSON: unexpected end of text at byte 0")
  }

  @Test func constantTimeComparison() {
    #expect(JWS.constantTimeEqual([1, 2, 3], [1, 2, 3]))
    #expect(!JWS.constantTimeEqual([1, 2, 3], [1, 2, 4]))
    #expect(!JWS.constantTimeEqual([1, 2, 3], [1, 2]))
    #expect(JWS.constantTimeEqual([], []))
  }

  static func replacingPayload(of token: String, with payload: JSONValue) -> String {
    let parts = token.split(separator: ".")
    return "\(parts[0]).\(Base64URL.encode(JSONWriter.compact(payload))).\(parts[2])"
  }
}
