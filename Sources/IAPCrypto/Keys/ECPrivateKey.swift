/// A P-256 private key as RFC 5915 (SEC1 §C.4) stores it:
/// `ECPrivateKey ::= SEQUENCE { version 1, privateKey OCTET STRING,
///   [0] parameters OPTIONAL, [1] publicKey BIT STRING OPTIONAL }`.
///
/// Bare, this is the `EC PRIVATE KEY` PEM; wrapped in PKCS#8 (see `PKCS8`) it is the
/// `PRIVATE KEY` PEM of App Store Connect's `.p8` files.
package struct ECPrivateKey: Equatable, Sendable {
  /// The secret scalar d: 32 big-endian bytes, 1 ≤ d < n.
  package var privateKey: [UInt8]
  /// The public point d·G as a 65-byte uncompressed point, when the encoding carries it.
  package var publicKey: [UInt8]?

  /// A key from its parts; `init(der:)` checks decoded ones, callers check their own.
  package init(privateKey: [UInt8], publicKey: [UInt8]?) {
    self.privateKey = privateKey
    self.publicKey = publicKey
  }

  /// The DER ECPrivateKey. `includingCurve` writes `[0] prime256v1`, as a bare SEC1 key
  /// has it; inside PKCS#8 the curve is in the algorithm identifier and OpenSSL and Apple
  /// leave it out.
  package func der(includingCurve: Bool) -> [UInt8] {
    var fields = [DER.integer(1), DER.octetString(privateKey)]
    if includingCurve { fields.append(DER.explicit(0, DER.oid(OID.prime256v1))) }
    if let publicKey { fields.append(DER.explicit(1, DER.bitString(publicKey))) }
    return DER.sequence(fields)
  }

  /// The `EC PRIVATE KEY` PEM, with the curve named.
  package var sec1PEM: String { PEM(label: PEM.Label.ecPrivateKey, bytes: der(includingCurve: true)).text }

  /// Reads a DER ECPrivateKey, with or without its optional fields; a named curve, when
  /// present, must be P-256.
  package init(der: [UInt8]) throws(KeyEncodingError) {
    let element: DERElement
    do { element = try DERParser.parse(der) } catch { throw .der(error) }
    try self.init(element: element)
  }

  /// Reads a parsed ECPrivateKey.
  init(element: DERElement) throws(KeyEncodingError) {
    self = try KeyEncodingError.parsing {
      var fields = try DERCursor(element, tag: DER.Tag.sequence)
      let version = try fields.next().integer()
      guard version == 1 else { throw KeyEncodingError.unsupportedVersion(version) }
      let scalar = try fields.next().octetString()
      guard ECDSASignatureDER.isValidScalar(scalar) else { throw KeyEncodingError.invalidPrivateKey }
      if let parameters = fields.optional(DER.Tag.context(0, constructed: true)) {
        let inner = try parameters.children(parameters.tag, count: 1...1)[0]
        let curve = inner.tag == DER.Tag.objectIdentifier ? try inner.objectIdentifier() : nil
        guard curve == OID.prime256v1 else { throw KeyEncodingError.unsupportedCurve(curve) }
      }
      var point: [UInt8]?
      if let wrapped = fields.optional(DER.Tag.context(1, constructed: true)) {
        let key = try wrapped.children(wrapped.tag, count: 1...1)[0].bitStringBytes()
        guard SubjectPublicKeyInfo.isP256PublicKey(key) else { throw KeyEncodingError.invalidPublicKey }
        point = key
      }
      try fields.finish()
      return ECPrivateKey(privateKey: scalar, publicKey: point)
    }
  }

  /// Reads the first `PRIVATE KEY` (PKCS#8) or `EC PRIVATE KEY` (SEC1) block of PEM text.
  package init(pem text: String) throws(KeyEncodingError) {
    let block: PEM
    do {
      block = try PEM.decode(text, labels: [PEM.Label.privateKey, PEM.Label.ecPrivateKey])
    } catch { throw .pem(error) }
    if block.label == PEM.Label.privateKey {
      self = try PKCS8.decode(block.bytes)
    } else {
      try self.init(der: block.bytes)
    }
  }
}
