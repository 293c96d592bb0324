import Testing
@testable import IAPFormats
@testable import IAPCrypto

/// ES256 tokens, and the same tokens under a header prepared once (the server signs many
/// payloads under one certificate chain's header, which it encodes and hashes only once).
@Suite struct JWSES256Tests {
  let key = P256.PrivateKey(seed: Array("jws es256 tests".utf8))

  @Test(arguments: [0, 1, 40, 55, 56, 63, 64, 65, 3_000])
  func aPreparedHeaderSignsTheSameTokenAsTheHeader(padding: Int) {
    // Headers of many lengths: the prepared hash stops anywhere in a SHA-256 block.
    let header = JSONValue.object([("alg", .string("ES256")), ("x5c", .array([.string(String(repeating: "A", count: padding))]))])
    let prepared = JWS.ES256Header(header)
    for n in [0, 1, 100] {
      let payload = JSONValue.object([("n", .int(Int64(n))), ("text", .string(String(repeating: "x", count: n)))])
      let token = JWS.signES256(under: prepared, payload: payload, key: key)
      #expect(token == JWS.signES256(header: header, payload: payload, key: key))
      #expect(JWS.isValidES256(token, key: key.publicKey))
      #expect(token.hasPrefix(Base64URL.encode(JSONWriter.compact(header)) + "."))
    }
  }

  @Test func anAlteredTokenDoesNotVerify() {
    let token = JWS.signES256(under: JWS.ES256Header(.object([("alg", .string("ES256"))])), payload: .object([("a", .int(1))]), key: key)
    let other = P256.PrivateKey(seed: Array("another".utf8))
    #expect(!JWS.isValidES256(token, key: other.publicKey))
    let parts = token.split(separator: ".").map(String.init)
    let altered = parts[0] + "." + Base64URL.encode(JSONWriter.compact(.object([("a", .int(2))]))) + "." + parts[2]
    #expect(!JWS.isValidES256(altered, key: key.publicKey))
  }
}
