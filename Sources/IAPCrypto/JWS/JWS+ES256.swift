import IAPFormats

/// ES256 (ECDSA P-256 with SHA-256, RFC 7518 §3.4): how the App Store signs what it hands
/// out in Sandbox and Production, and how App Store Connect keys sign what developers send.
extension JWS {
  /// `base64url(header).base64url(payload).base64url(r ‖ s)`, the signature RFC 6979
  /// deterministic, so the same key and values always give the same token.
  package static func signES256(header: JSONValue, payload: JSONValue, key: P256.PrivateKey) -> String {
    signES256(under: ES256Header(header), payload: payload, key: key)
  }

  /// A header that signs many payloads (a certificate chain's is 3.4 KB once encoded): encoded
  /// once, and its SHA-256 taken once as far as the dot, since every signing input starts
  /// with it; each signature then hashes only its payload.
  package struct ES256Header: Sendable {
    /// Base64url of the header's compact JSON.
    package let encoded: String
    /// SHA-256 having absorbed `encoded` and the dot.
    let hashed: SHA256

    package init(_ header: JSONValue) {
      encoded = Base64URL.encode(JSONWriter.compact(header))
      var hash = SHA256()
      hash.update(Array((encoded + ".").utf8))
      hashed = hash
    }
  }

  /// `signES256(header:payload:key:)` under a header prepared once: the same token.
  package static func signES256(under header: ES256Header, payload: JSONValue, key: P256.PrivateKey) -> String {
    let encodedPayload = Base64URL.encode(JSONWriter.compact(payload))
    var hash = header.hashed
    hash.update(Array(encodedPayload.utf8))
    let signature = key.signature(forDigest: hash.finalize())
    return header.encoded + "." + encodedPayload + "." + Base64URL.encode(signature.rawRepresentation)
  }

  /// Whether `token`'s signature is a valid ES256 signature by `key` over its first two
  /// parts. The header's `alg` is the caller's to check.
  package static func isValidES256(_ token: String, key: P256.PublicKey) -> Bool {
    guard let dot = token.utf8.lastIndex(of: UInt8(ascii: ".")) else { return false }
    let signingInput = Array(token.utf8[..<dot])
    guard let raw = try? Base64URL.decode(String(token[token.utf8.index(after: dot)...])),
      let signature = P256.Signature(rawRepresentation: raw)
    else { return false }
    return key.isValidSignature(signature, for: signingInput)
  }
}
