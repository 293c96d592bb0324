/// Which certificate of a three-certificate chain a check failed on.
package enum X509ChainPosition: String, Equatable, Sendable {
  case leaf, intermediate, root
}

/// Which check of `X509Chain.verify` failed, and on which certificate.
package enum X509ChainError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The certificate could not be parsed.
  case malformed(X509ChainPosition, X509Error)
  /// The root is not byte for byte the trusted root.
  case untrustedRoot
  /// The certificate's issuer is not the next certificate's subject.
  case issuerMismatch(X509ChainPosition)
  /// The certificate is signed with an algorithm other than ecdsa-with-SHA256 (its OID).
  case unsupportedSignatureAlgorithm(X509ChainPosition, String)
  /// The certificate's key is not a P-256 key, so it cannot verify what it signed.
  case unsupportedPublicKey(X509ChainPosition)
  /// The signature is not a DER ECDSA signature with P-256-sized values.
  case malformedSignature(X509ChainPosition)
  /// The signature does not verify under the issuer's key.
  case badSignature(X509ChainPosition)
  /// The time checked is before notBefore.
  case notYetValid(X509ChainPosition)
  /// The time checked is after notAfter.
  case expired(X509ChainPosition)
  /// An issuing certificate lacks basicConstraints with cA true.
  case notCertificateAuthority(X509ChainPosition)
  /// An issuing certificate's path length constraint forbids the CAs below it.
  case pathLengthExceeded(X509ChainPosition)
  /// keyUsage forbids what the certificate is used for: signing certificates (CAs) or
  /// signing data (the leaf).
  case keyUsageForbids(X509ChainPosition)
  /// A critical extension this check does not understand (its OID), which RFC 5280
  /// §4.2 requires a verifier to reject.
  case unhandledCriticalExtension(X509ChainPosition, String)

  package var description: String {
    switch self {
    case let .malformed(position, error): return "\(position) certificate is malformed: \(error)"
    case .untrustedRoot: return "root certificate is not the trusted root"
    case let .issuerMismatch(position): return "\(position) certificate's issuer is not the next certificate's subject"
    case let .unsupportedSignatureAlgorithm(position, oid): return "\(position) certificate is signed with unsupported algorithm \(oid)"
    case let .unsupportedPublicKey(position): return "\(position) certificate's key is not a P-256 key"
    case let .malformedSignature(position): return "\(position) certificate's signature is not a P-256 ECDSA signature"
    case let .badSignature(position): return "\(position) certificate's signature does not verify"
    case let .notYetValid(position): return "\(position) certificate is not yet valid"
    case let .expired(position): return "\(position) certificate has expired"
    case let .notCertificateAuthority(position): return "\(position) certificate is not a certificate authority"
    case let .pathLengthExceeded(position): return "\(position) certificate's path length constraint is exceeded"
    case let .keyUsageForbids(position): return "\(position) certificate's key usage forbids this use"
    case let .unhandledCriticalExtension(position, oid): return "\(position) certificate has unhandled critical extension \(oid)"
    }
  }
}
