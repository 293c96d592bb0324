import IAPFormats

/// ES256 (ECDSA P-256 with SHA-256, RFC 7518 §3.4): how the App Store signs what it hands
/// out in Sandbox and Production, and how App Store Connect keys sign what developers send.
extension JWS {
  /// `base64url(header).base64url(payload).base64url(r ‖ s)`, the signature RFC 6979
  /// deterministic, so the same key and values always give the same token.
  public static func signES256(header: JSONValue, payload: JSONValue, key: P256.PrivateKey) -> String {
    signES256(encodedHeader: Base64URL.encode(JSONWriter.compact(header)), payload: payload, key: key)
  }

  /// `signES256(header:payload:key:)` with the header already encoded (base64url of its
  /// compact JSON): a signer that signs every payload under one header (one that carries a
  /// certificate chain is 3 KB) encodes it once.
  public static func signES256(encodedHeader: String, payload: JSONValue, key: P256.PrivateKey) -> String {
    let signingInput = encodedHeader + "." + Base64URL.encode(JSONWriter.compact(payload))
    return signingInput + "." + Base64URL.encode(key.signature(for: Array(signingInput.utf8)).rawRepresentation)
  }

  /// Whether `token`'s signature is a valid ES256 signature by `key` over its first two
  /// parts. The header's `alg` is the caller's to check.
  public static func isValidES256(_ token: String, key: P256.PublicKey) -> Bool {
    guard let dot = token.utf8.lastIndex(of: UInt8(ascii: ".")) else { return false }
    let signingInput = Array(token.utf8[..<dot])
    guard let raw = try? Base64URL.decode(String(token[token.utf8.index(after: dot)...])),
      let signature = P256.Signature(rawRepresentation: raw)
    else { return false }
    return key.isValidSignature(signature, for: signingInput)
  }
}
