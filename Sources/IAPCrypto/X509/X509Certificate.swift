/// A parsed X.509 certificate (RFC 5280 §4.1).
///
/// Parsing is strict DER and checks the structure, not trust: `X509Chain` decides whether
/// a certificate is to be believed. Any key and signature algorithm is read; the P-256
/// accessors say whether they are the ones `iap` can check.
package struct X509Certificate: Equatable, Sendable {
  /// The whole certificate, as given.
  package let der: [UInt8]
  /// The TBSCertificate bytes, exactly as signed.
  package let tbs: [UInt8]
  /// The version as people count it: 1, 2 or 3.
  package let version: Int
  /// The serial number as unsigned big-endian bytes.
  package let serialNumber: [UInt8]
  package let issuer: X509Name
  package let subject: X509Name
  /// The validity period in seconds since 1970, both ends included.
  package let notBefore: Int64
  package let notAfter: Int64
  /// The subject key's algorithm OID and (for EC keys) its named curve.
  package let publicKeyAlgorithm: String
  package let publicKeyCurve: String?
  /// The subjectPublicKey BIT STRING's bytes: for an EC key, the X9.63 point.
  package let publicKey: [UInt8]
  /// The extensions in certificate order.
  package let extensions: [X509Extension]
  /// basicConstraints, when present.
  package let basicConstraints: X509BasicConstraints?
  /// keyUsage, when present.
  package let keyUsage: X509KeyUsage?
  /// The OID of the algorithm the issuer signed with.
  package let signatureAlgorithm: String
  /// The signatureValue BIT STRING's bytes: for ECDSA, a DER ECDSA-Sig-Value.
  package let signatureValue: [UInt8]

}

extension X509Certificate {
  /// Parses a DER certificate.
  package init(der: [UInt8]) throws(X509Error) {
    self = try X509Error.parsing { try Self.parse(der) }
  }

  /// The parsing, throwing `DERError` for the structure and `X509Error` for the rest.
  private static func parse(_ der: [UInt8]) throws -> X509Certificate {
    let certificate = try DERParser.parse(der)
    var outer = try DERCursor(certificate, tag: DER.Tag.sequence)
    let tbsElement = try outer.next(DER.Tag.sequence)
    let algorithm = try outer.next(DER.Tag.sequence)
    let signatureAlgorithm = try algorithm.children(DER.Tag.sequence, count: 1...2)[0].objectIdentifier()
    let signatureValue = try outer.next().bitStringBytes()
    try outer.finish()

    var fields = try DERCursor(tbsElement)
    var version = 1
    if let tagged = fields.optional(DER.Tag.context(0, constructed: true)) {
      let number = try tagged.children(tagged.tag, count: 1...1)[0].integer()
      // DER: v1, the DEFAULT, is never written out.
      guard number == 1 || number == 2 else { throw X509Error.unsupportedVersion(number + 1) }
      version = number + 1
    }
    let serialNumber = try fields.next().unsignedInteger()
    guard try fields.next(DER.Tag.sequence).encoded == algorithm.encoded else { throw X509Error.signatureAlgorithmMismatch }
    let issuer = try X509Name(element: try fields.next())
    let validity = try fields.next().children(DER.Tag.sequence, count: 2...2)
    let subject = try X509Name(element: try fields.next())
    let key = try SubjectPublicKeyInfo.parse(try fields.next())
    _ = fields.optional(DER.Tag.context(1, constructed: false))  // issuerUniqueID
    _ = fields.optional(DER.Tag.context(2, constructed: false))  // subjectUniqueID
    var extensions: [X509Extension] = []
    if let tagged = fields.optional(DER.Tag.context(3, constructed: true)) {
      guard version == 3 else { throw X509Error.unsupportedVersion(version) }
      let list = try tagged.children(tagged.tag, count: 1...1)[0].children(DER.Tag.sequence, count: 1...Int.max)
      for element in list {
        let e = try X509Extension(element: element)
        guard !extensions.contains(where: { $0.oid == e.oid }) else { throw X509Error.duplicateExtension(e.oid) }
        extensions.append(e)
      }
    }
    try fields.finish()
    return X509Certificate(
      der: der, tbs: tbsElement.encoded, version: version, serialNumber: serialNumber, issuer: issuer, subject: subject,
      notBefore: try validity[0].time(), notAfter: try validity[1].time(), publicKeyAlgorithm: key.algorithm,
      publicKeyCurve: key.curve, publicKey: key.key, extensions: extensions,
      basicConstraints: try decode(extensions, OID.basicConstraints) { e throws(DERError) in try e.basicConstraintsValue() },
      keyUsage: try decode(extensions, OID.keyUsage) { e throws(DERError) in try e.keyUsageValue() },
      signatureAlgorithm: signatureAlgorithm, signatureValue: signatureValue)
  }

  /// Parses the first `CERTIFICATE` block of PEM text.
  package init(pem text: String) throws(X509Error) {
    let block: PEM
    do { block = try PEM.decode(text, labels: [PEM.Label.certificate]) } catch { throw .pem(error) }
    try self.init(der: block.bytes)
  }

  /// The value of extension `oid` read by `read`, or nil when the certificate lacks it.
  private static func decode<T>(
    _ extensions: [X509Extension], _ oid: String, _ read: (X509Extension) throws(DERError) -> T
  ) throws(X509Error) -> T? {
    guard let e = extensions.first(where: { $0.oid == oid }) else { return nil }
    do { return try read(e) } catch { throw .invalidExtension(oid, error) }
  }

  /// The extension with this OID, if present.
  package func `extension`(_ oid: String) -> X509Extension? { extensions.first { $0.oid == oid } }

  /// The subjectKeyIdentifier, when present and well formed.
  package var subjectKeyIdentifier: [UInt8]? { try? `extension`(OID.subjectKeyIdentifier)?.subjectKeyIdentifierValue() }

  /// The authorityKeyIdentifier's keyIdentifier, when present and well formed.
  package var authorityKeyIdentifier: [UInt8]? { (try? `extension`(OID.authorityKeyIdentifier)?.authorityKeyIdentifierValue()) ?? nil }

  /// The subject key as a 65-byte P-256 point, or nil when it is another kind of key.
  package var p256PublicKey: [UInt8]? {
    publicKeyAlgorithm == OID.ecPublicKey && publicKeyCurve == OID.prime256v1 && SubjectPublicKeyInfo.isP256PublicKey(publicKey)
      ? publicKey : nil
  }

  /// The signature as raw 64-byte r‖s when it is an ecdsa-with-SHA256 signature with
  /// P-256-sized values, else nil.
  package var p256Signature: [UInt8]? {
    guard signatureAlgorithm == OID.ecdsaWithSHA256 else { return nil }
    return try? ECDSASignatureDER.decode(signatureValue)
  }
}
