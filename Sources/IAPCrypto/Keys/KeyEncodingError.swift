/// Why a P-256 key could not be read from SubjectPublicKeyInfo, PKCS#8, SEC1 or PEM.
package enum KeyEncodingError: DERStructureError, Error, Equatable, Sendable, CustomStringConvertible {
  /// The bytes are not the DER structure expected.
  case der(DERError)
  /// The text has no PEM block with an accepted label.
  case pem(PEMError)
  /// The key's algorithm is not id-ecPublicKey (the OID found).
  case unsupportedAlgorithm(String)
  /// The key's curve is not P-256 (the OID found, or nil when the parameters are not a named curve).
  case unsupportedCurve(String?)
  /// A version field other than the one the format defines.
  case unsupportedVersion(Int)
  /// The public key is not a 65-byte uncompressed point (0x04, x, y).
  case invalidPublicKey
  /// The private key is not 32 bytes holding a scalar in 1…n−1.
  case invalidPrivateKey

  package var description: String {
    switch self {
    case let .der(error): return "\(error)"
    case let .pem(error): return "\(error)"
    case let .unsupportedAlgorithm(oid): return "key algorithm \(oid) is not id-ecPublicKey"
    case let .unsupportedCurve(oid): return "curve \(oid ?? "(not a named curve)") is not P-256"
    case let .unsupportedVersion(version): return "unsupported key version \(version)"
    case .invalidPublicKey: return "public key is not a 65-byte uncompressed P-256 point"
    case .invalidPrivateKey: return "private key is not a 32-byte P-256 scalar"
    }
  }
}
