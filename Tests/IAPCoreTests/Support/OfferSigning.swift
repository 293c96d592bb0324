import Foundation

import IAPCore
import IAPCrypto
import IAPFormats

/// Makes promotional offer signatures for the verifier's tests, as an app's server does with
/// Apple's libraries: version 1 (`PromotionalOfferSignatureCreator`: DER, base64) and version 2
/// (`PromotionalOfferV2SignatureCreator`: an ES256 compact JWS).
enum OfferSigning {
  /// The app the offers are signed for.
  static let bundleId = "com.example.test"

  /// A private key derived from `seed`, the same in every run.
  static func key(_ seed: String) -> P256.PrivateKey { P256.PrivateKey(seed: Array(seed.utf8)) }

  /// A version 1 signature, base64 DER.
  static func v1(
    _ key: P256.PrivateKey, keyId: String, productId: String, offerId: String, username: String?, nonce: String,
    timestamp: Int64, bundleId: String = bundleId
  ) -> String {
    let message = PromotionalOfferVerifier.message(
      bundleId: bundleId, keyId: keyId, productId: productId, offerId: offerId, applicationUsername: username, nonce: nonce,
      timestamp: String(timestamp))
    let der = ECDSASignatureDER.encode(raw: key.signature(for: message).rawRepresentation)!
    return Data(der).base64EncodedString()
  }

  /// A version 2 JWS with these claims (defaults as Apple's library writes them).
  static func v2(
    _ key: P256.PrivateKey, keyId: String, productId: String, offerId: String?, iat: Int64, nonce: String? = UUID().uuidString.lowercased(),
    audience: String = "promotional-offer", bundleId: String = bundleId, transactionId: String? = nil, alg: String = "ES256"
  ) -> String {
    var claims: [(String, JSONValue)] = [("productId", .string(productId))]
    if let offerId { claims.append(("offerIdentifier", .string(offerId))) }
    if let transactionId { claims.append(("transactionId", .string(transactionId))) }
    claims += [("bid", .string(bundleId)), ("iss", .string("issuer")), ("aud", .string(audience)), ("iat", .int(iat))]
    if let nonce { claims.append(("nonce", .string(nonce))) }
    let header = JSONValue.object([("alg", .string(alg)), ("kid", .string(keyId)), ("typ", .string("JWT"))])
    let input = Base64URL.encode(JSONWriter.compact(header)) + "." + Base64URL.encode(JSONWriter.compact(.object(claims)))
    return input + "." + Base64URL.encode(key.signature(for: Array(input.utf8)).rawRepresentation)
  }
}
