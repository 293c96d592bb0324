/// Builds X.509 v3 certificates (RFC 5280 §4.1) for P-256 keys signed with
/// ecdsa-with-SHA256, the only kind an App Store signing chain holds.
///
/// The builder never sees a private key: `build(sign:)` hands the TBSCertificate bytes to
/// a closure that returns the raw signature, so any ECDSA implementation (or `openssl`, in
/// the tests) can sign.
package struct X509CertificateBuilder: Sendable {
  /// The serial number as unsigned big-endian bytes; it must be non-zero and encode in at
  /// most 20 bytes (RFC 5280 §4.1.2.2), so at most 159 significant bits.
  package var serialNumber: [UInt8]
  package var issuer: X509Name
  package var subject: X509Name
  /// The validity period, in seconds since 1970, both ends included.
  package var notBefore: Int64
  package var notAfter: Int64
  /// The subject's public key: a 65-byte uncompressed P-256 point.
  package var publicKey: [UInt8]
  /// The extensions, in the order they are written.
  package var extensions: [X509Extension]

  package init(
    serialNumber: [UInt8], issuer: X509Name, subject: X509Name, notBefore: Int64, notAfter: Int64, publicKey: [UInt8],
    extensions: [X509Extension]
  ) {
    self.serialNumber = serialNumber
    self.issuer = issuer
    self.subject = subject
    self.notBefore = notBefore
    self.notAfter = notAfter
    self.publicKey = publicKey
    self.extensions = extensions
  }

  /// The extensions of a chain certificate: basicConstraints and keyUsage (keyCertSign and
  /// cRLSign for a CA, digitalSignature for a leaf), both critical, then the subject and
  /// authority key identifiers, then `extra` (such as Apple's markers). For a self-signed
  /// root, `issuerPublicKey` is the subject's own key.
  package static func standardExtensions(
    ca: Bool, pathLength: Int? = nil, publicKey: [UInt8], issuerPublicKey: [UInt8], extra: [X509Extension] = []
  ) -> [X509Extension] {
    [
      .basicConstraints(ca: ca, pathLength: pathLength),
      .keyUsage(ca ? [.keyCertSign, .cRLSign] : [.digitalSignature]),
      .subjectKeyIdentifier(X509Extension.keyIdentifier(publicKey: publicKey)),
      .authorityKeyIdentifier(X509Extension.keyIdentifier(publicKey: issuerPublicKey)),
    ] + extra
  }

  /// `AlgorithmIdentifier { ecdsa-with-SHA256 }`, parameters absent (RFC 5758 §3.2).
  static let signatureAlgorithm = DER.sequence([DER.oid(OID.ecdsaWithSHA256)])

  /// The DER TBSCertificate: the bytes the issuer signs.
  package func tbsCertificate() throws(X509Error) -> [UInt8] {
    let serial = DER.integer(unsigned: serialNumber)
    // Tag, length 1…20, contents: at most 22 bytes, and never the single zero byte.
    guard serialNumber.contains(where: { $0 != 0 }), serial.count <= 22 else { throw .invalidSerialNumber }
    guard notBefore <= notAfter else { throw .invalidValidity }
    guard SubjectPublicKeyInfo.isP256PublicKey(publicKey) else { throw .invalidPublicKey }
    var seen = Set<String>()
    for e in extensions where !seen.insert(e.oid).inserted { throw .duplicateExtension(e.oid) }
    var fields = [
      DER.explicit(0, DER.integer(2)),  // version: v3 is 2
      serial,
      Self.signatureAlgorithm,
      issuer.der,
      DER.sequence([DER.time(seconds: notBefore), DER.time(seconds: notAfter)]),
      subject.der,
      SubjectPublicKeyInfo.encode(p256PublicKey: publicKey),
    ]
    // RFC 5280: when present, the extensions SEQUENCE holds at least one extension.
    if !extensions.isEmpty { fields.append(DER.explicit(3, DER.sequence(extensions.map(\.der)))) }
    return DER.sequence(fields)
  }

  /// The DER certificate: the TBSCertificate, the algorithm and the signature that
  /// `sign` returns for the TBSCertificate bytes, a raw 64-byte r‖s ECDSA P-256 signature
  /// over their SHA-256, re-encoded as DER in the BIT STRING.
  package func build(sign: ([UInt8]) -> [UInt8]) throws(X509Error) -> [UInt8] {
    let tbs = try tbsCertificate()
    let raw = sign(tbs)
    guard let signature = ECDSASignatureDER.encode(raw: raw) else { throw .invalidSignatureLength(raw.count) }
    return DER.sequence([tbs, Self.signatureAlgorithm, DER.bitString(signature)])
  }
}
