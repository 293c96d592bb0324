/// The object identifiers `iap`'s keys and certificates use, in dotted form.
package enum OID {
  /// id-ecPublicKey (RFC 5480 §2.1.1): an elliptic-curve public key.
  package static let ecPublicKey = "1.2.840.10045.2.1"
  /// prime256v1 / secp256r1 (RFC 5480 §2.1.1.1): the P-256 curve.
  package static let prime256v1 = "1.2.840.10045.3.1.7"
  /// ecdsa-with-SHA256 (RFC 5758 §3.2), written with no parameters.
  package static let ecdsaWithSHA256 = "1.2.840.10045.4.3.2"

  /// Name attributes (RFC 5280 Appendix A, X.520).
  package static let commonName = "2.5.4.3"
  package static let country = "2.5.4.6"
  package static let organization = "2.5.4.10"
  package static let organizationalUnit = "2.5.4.11"

  /// Certificate extensions (RFC 5280 §4.2.1).
  package static let subjectKeyIdentifier = "2.5.29.14"
  package static let keyUsage = "2.5.29.15"
  package static let basicConstraints = "2.5.29.19"
  package static let authorityKeyIdentifier = "2.5.29.35"

  /// Apple's marker on the intermediate (WWDR) certificate of an App Store signing chain,
  /// which the App Store Server Library requires.
  package static let appleWWDRIntermediateMarker = "1.2.840.113635.100.6.2.1"
  /// Apple's marker on the leaf certificate that signs App Store JWS payloads.
  package static let appleReceiptSigningMarker = "1.2.840.113635.100.6.11.1"
}
