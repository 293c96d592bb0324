import IAPFormats

/// Checks an App Store style chain, leaf ← intermediate ← root, against a trusted root.
///
/// The ECDSA verification is injected, so this file holds only the X.509 rules: it can be
/// tested against `openssl` and wired to any P-256 implementation.
package enum X509Chain {
  /// Verifies an ECDSA P-256 / SHA-256 signature: the signer's 65-byte uncompressed public
  /// key, the signed message (the verifier hashes it), the raw 64-byte r‖s signature.
  package typealias Verifier = (_ publicKey: [UInt8], _ message: [UInt8], _ signature: [UInt8]) -> Bool

  /// Checks the chain and returns the parsed leaf, whose key then verifies the payload.
  ///
  /// In order: each certificate parses; the root is byte for byte `trustedRoot` (so the
  /// root's own signature needs no check); the leaf's and the intermediate's issuer names
  /// are the next certificate's subject (compared as bytes) and their ecdsa-with-SHA256
  /// signatures verify under its key; every certificate is valid at `time`; intermediate
  /// and root are CAs whose path lengths allow the chain and whose key usage, when
  /// present, allows keyCertSign; the leaf's key usage, when present, allows
  /// digitalSignature; no certificate has a critical extension other than basicConstraints
  /// and keyUsage. The first check to fail is thrown.
  package static func verify(
    leaf: [UInt8], intermediate: [UInt8], root: [UInt8], trustedRoot: [UInt8], at time: Timestamp, verify: Verifier
  ) throws(X509ChainError) -> X509Certificate {
    let chain = [(X509ChainPosition.leaf, leaf), (.intermediate, intermediate), (.root, root)]
    var certificates: [X509Certificate] = []
    for (position, der) in chain {
      do { certificates.append(try X509Certificate(der: der)) } catch { throw .malformed(position, error) }
    }
    guard root == trustedRoot else { throw .untrustedRoot }

    for index in 0..<2 {
      let (position, certificate) = (chain[index].0, certificates[index])
      let (issuerPosition, issuer) = (chain[index + 1].0, certificates[index + 1])
      guard certificate.issuer.der == issuer.subject.der else { throw .issuerMismatch(position) }
      guard certificate.signatureAlgorithm == OID.ecdsaWithSHA256 else {
        throw .unsupportedSignatureAlgorithm(position, certificate.signatureAlgorithm)
      }
      guard let key = issuer.p256PublicKey else { throw .unsupportedPublicKey(issuerPosition) }
      guard let signature = certificate.p256Signature else { throw .malformedSignature(position) }
      guard verify(key, certificate.tbs, signature) else { throw .badSignature(position) }
    }

    // Certificates carry whole seconds; floor division keeps instants before 1970 right.
    let second = time.milliseconds / 1000 - (time.milliseconds % 1000 < 0 ? 1 : 0)
    for (index, certificate) in certificates.enumerated() {
      let position = chain[index].0
      guard second >= certificate.notBefore else { throw .notYetValid(position) }
      guard second <= certificate.notAfter else { throw .expired(position) }
    }

    for index in 1..<3 {
      let (position, certificate) = (chain[index].0, certificates[index])
      guard let constraints = certificate.basicConstraints, constraints.ca else { throw .notCertificateAuthority(position) }
      // CA certificates below this one: none under the intermediate, one under the root.
      if let limit = constraints.pathLength, limit < index - 1 { throw .pathLengthExceeded(position) }
      if let usage = certificate.keyUsage, !usage.contains(.keyCertSign) { throw .keyUsageForbids(position) }
    }
    if let usage = certificates[0].keyUsage, !usage.contains(.digitalSignature) { throw .keyUsageForbids(.leaf) }

    let handled: Set<String> = [OID.basicConstraints, OID.keyUsage]
    for (index, certificate) in certificates.enumerated() {
      if let unknown = certificate.extensions.first(where: { $0.critical && !handled.contains($0.oid) }) {
        throw .unhandledCriticalExtension(chain[index].0, unknown.oid)
      }
    }
    return certificates[0]
  }
}
