import IAPFormats

/// Why a compact JWS could not be decoded.
package enum JWSError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A compact JWS has exactly three dot-separated parts.
  case wrongPartCount(Int)
  /// A part (`header`, `payload` or `signature`) is not strict base64url.
  case invalidBase64URL(part: String, Base64URLError)
  /// The header or payload is not JSON.
  case invalidJSON(part: String, JSONParseError)
  /// The header is JSON but not an object.
  case headerNotObject

  package var description: String {
    switch self {
    case let .wrongPartCount(count):
      return "not a compact JWS: expected 3 parts separated by '.', got \(count)"
    case let .invalidBase64URL(part, error): return "JWS \(part) is not base64url: \(error)"
    case let .invalidJSON(part, error): return "JWS \(part) is not JSON: \(error.reason) at byte \(error.offset)"
    case .headerNotObject: return "JWS header is not a JSON object"
    }
  }
}

/// Compact JWS (RFC 7515) signed with HMAC-SHA256 (`alg` HS256, RFC 7518 §3.2).
///
/// Receipts and StoreKit 2 `jwsRepresentation`s are signed this way under a secret kept in
/// the state. Apple signs with ES256 and a certificate chain; Apple's App Store Server Library
/// decodes tokens of its `LocalTesting` environment without verifying the signature, so the
/// shape of the token is what matters to clients, and HMAC keeps `iap` free of X.509.
package enum JWS {
  /// `base64url(header).base64url(payload).base64url(HMAC-SHA256(key, first two parts))`.
  ///
  /// Header and payload are written with `JSONWriter.compact`, so the same values always
  /// give the same token.
  package static func sign(header: JSONValue, payload: JSONValue, key: [UInt8]) -> String {
    let signingInput = Base64URL.encode(JSONWriter.compact(header)) + "." + Base64URL.encode(JSONWriter.compact(payload))
    return signingInput + "." + Base64URL.encode(SHA256.hmac(key: key, message: Array(signingInput.utf8)))
  }

  /// Decodes a compact JWS.
  ///
  /// - Parameter key: the HMAC key, or nil to decode without verifying.
  /// - Returns: header, payload, and whether the signature is a valid HS256 signature under
  ///   `key` (nil when no key was given; false when the header's `alg` is not HS256).
  package static func decode(_ token: String, key: [UInt8]?) throws(JWSError) -> (
    header: JSONValue, payload: JSONValue, signatureValid: Bool?
  ) {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 3 else { throw .wrongPartCount(parts.count) }
    let header = try json(parts[0], part: "header")
    guard case .object = header else { throw .headerNotObject }
    let payload = try json(parts[1], part: "payload")
    let signature: [UInt8]
    do { signature = try Base64URL.decode(parts[2]) } catch { throw .invalidBase64URL(part: "signature", error) }
    guard let key else { return (header, payload, nil) }
    guard header["alg"] == .string("HS256") else { return (header, payload, false) }
    let expected = SHA256.hmac(key: key, message: Array((parts[0] + "." + parts[1]).utf8))
    return (header, payload, constantTimeEqual(signature, expected))
  }

  /// One encoded part decoded and parsed; `part` names it in errors.
  private static func json(_ text: String, part: String) throws(JWSError) -> JSONValue {
    let bytes: [UInt8]
    do { bytes = try Base64URL.decode(text) } catch { throw .invalidBase64URL(part: part, error) }
    do { return try JSONParser.parse(bytes) } catch { throw .invalidJSON(part: part, error) }
  }

  /// Compares two byte strings in time that depends only on their lengths, so that timing
  /// does not reveal how many leading bytes of a forged signature were right.
  static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for i in 0..<a.count { difference |= a[i] ^ b[i] }
    return difference == 0
  }
}
