/// Why a signed value did not verify.
public enum VerificationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The compact JWS could not be decoded.
  case malformed(String)
  /// The signature, or the certificate chain, failed a check (named).
  case invalidSignature(String)
  /// The store simulates this `VerificationResult.VerificationError` (its `fail-verification`
  /// setting), as Xcode's simulated Verification failures do.
  case simulated(String)

  public var description: String {
    switch self {
    case let .malformed(reason): return "malformed JWS: \(reason)"
    case let .invalidSignature(reason): return "invalid signature: \(reason)"
    case let .simulated(error): return "\(error) (simulated: fail-verification)"
    }
  }
}
