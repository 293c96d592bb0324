/// Why a certificate could not be built or read.
package enum X509Error: DERStructureError, Error, Equatable, Sendable, CustomStringConvertible {
  /// The bytes are not the DER structure of a certificate.
  case der(DERError)
  /// The text has no `CERTIFICATE` PEM block.
  case pem(PEMError)
  /// A version other than v1, v2 or v3 (the number as shown, 1-based).
  case unsupportedVersion(Int)
  /// The serial number is zero or longer than 20 bytes (RFC 5280 §4.1.2.2).
  case invalidSerialNumber
  /// notAfter is before notBefore.
  case invalidValidity
  /// The subject public key is not a 65-byte uncompressed P-256 point.
  case invalidPublicKey
  /// The signing closure did not return 64 bytes of r‖s (the count it returned).
  case invalidSignatureLength(Int)
  /// The algorithm inside the TBSCertificate differs from the one outside it.
  case signatureAlgorithmMismatch
  /// The same extension appears twice (its OID).
  case duplicateExtension(String)
  /// A known extension's value is malformed (its OID).
  case invalidExtension(String, DERError)

  package var description: String {
    switch self {
    case let .der(error): return "certificate: \(error)"
    case let .pem(error): return "certificate: \(error)"
    case let .unsupportedVersion(version): return "certificate version \(version) is not supported"
    case .invalidSerialNumber: return "serial number must be positive and at most 20 bytes"
    case .invalidValidity: return "notAfter is before notBefore"
    case .invalidPublicKey: return "public key is not a 65-byte uncompressed P-256 point"
    case let .invalidSignatureLength(count): return "signer returned \(count) bytes, not a 64-byte r‖s signature"
    case .signatureAlgorithmMismatch: return "signature algorithms inside and outside the TBSCertificate differ"
    case let .duplicateExtension(oid): return "extension \(oid) appears twice"
    case let .invalidExtension(oid, error): return "extension \(oid) is malformed: \(error)"
    }
  }
}
