/// The object identifiers `iap`'s keys and certificates use, in dotted form.
public enum OID {
  /// id-ecPublicKey (RFC 5480 §2.1.1): an elliptic-curve public key.
  public static let ecPublicKey = "1.2.840.10045.2.1"
  /// prime256v1 / secp256r1 (RFC 5480 §2.1.1.1): the P-256 curve.
  public static let prime256v1 = "1.2.840.10045.3.1.7"
  /// ecdsa-with-SHA256 (RFC 5758 §3.2), written with no parameters.
  public static let ecdsaWithSHA256 = "1.2.840.10045.4.3.2"

  /// Name attributes (RFC 5280 Appendix A, X.520).
  public static let commonName = "2.5.4.3"
  public static let country = "2.5.4.6"
  public static let organization = "2.5.4.10"
  public static let organizationalUnit = "2.5.4.11"

  /// Certificate extensions (RFC 5280 §4.2.1).
  public static let subjectKeyIdentifier = "2.5.29.14"
  public static let keyUsage = "2.5.29.15"
  public static let basicConstraints = "2.5.29.19"
  public static let authorityKeyIdentifier = "2.5.29.35"

  /// Apple's marker on the intermediate (WWDR) certificate of an App Store signing chain,
  /// which the App Store Server Library requires.
  public static let appleWWDRIntermediateMarker = "1.2.840.113635.100.6.2.1"
  /// Apple's marker on the leaf certificate that signs App Store JWS payloads.
  public static let appleReceiptSigningMarker = "1.2.840.113635.100.6.11.1"
}
