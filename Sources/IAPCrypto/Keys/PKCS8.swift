/// PKCS#8 PrivateKeyInfo (RFC 5208 §5) holding a P-256 key, the form of App Store
/// Connect's `.p8` keys and of `openssl genpkey`'s output:
/// `SEQUENCE { version 0, AlgorithmIdentifier { id-ecPublicKey, prime256v1 },
///   OCTET STRING ECPrivateKey }`.
package enum PKCS8 {
  /// The DER PrivateKeyInfo of `key`: its ECPrivateKey without the curve (which the
  /// algorithm identifier names), with the public key when `key` has it, byte for byte as
  /// OpenSSL writes it.
  package static func encode(_ key: ECPrivateKey) -> [UInt8] {
    DER.sequence([DER.integer(0), SubjectPublicKeyInfo.p256Algorithm, DER.octetString(key.der(includingCurve: false))])
  }

  /// The `PRIVATE KEY` PEM of `key`.
  package static func pem(_ key: ECPrivateKey) -> String { PEM(label: PEM.Label.privateKey, bytes: encode(key)).text }

  /// Reads a DER PrivateKeyInfo holding a P-256 key. Attributes (`[0]`), which such
  /// keys never carry in practice, are skipped.
  package static func decode(_ der: [UInt8]) throws(KeyEncodingError) -> ECPrivateKey {
    try KeyEncodingError.parsing {
      var fields = try DERCursor(try DERParser.parse(der), tag: DER.Tag.sequence)
      let version = try fields.next().integer()
      guard version == 0 else { throw KeyEncodingError.unsupportedVersion(version) }
      let algorithm = try fields.next().children(DER.Tag.sequence, count: 1...2)
      let oid = try algorithm[0].objectIdentifier()
      guard oid == OID.ecPublicKey else { throw KeyEncodingError.unsupportedAlgorithm(oid) }
      let curve = algorithm.count == 2 && algorithm[1].tag == DER.Tag.objectIdentifier ? try algorithm[1].objectIdentifier() : nil
      guard curve == OID.prime256v1 else { throw KeyEncodingError.unsupportedCurve(curve) }
      let inner = try DERParser.parse(try fields.next().octetString())
      _ = fields.optional(DER.Tag.context(0, constructed: true))
      try fields.finish()
      return try ECPrivateKey(element: inner)
    }
  }
}
