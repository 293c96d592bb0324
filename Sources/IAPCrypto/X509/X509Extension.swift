/// One certificate extension (RFC 5280 §4.1.2.9):
/// `SEQUENCE { extnID OID, critical BOOLEAN DEFAULT FALSE, extnValue OCTET STRING }`, the
/// value being the DER of the extension's own type.
package struct X509Extension: Equatable, Sendable {
  package var oid: String
  package var critical: Bool
  /// The DER inside extnValue.
  package var value: [UInt8]

  package init(oid: String, critical: Bool, value: [UInt8]) {
    self.oid = oid
    self.critical = critical
    self.value = value
  }

  /// The encoded extension; `critical` is left out when false, as DER requires of a
  /// DEFAULT value.
  package var der: [UInt8] {
    DER.sequence([DER.oid(oid)] + (critical ? [DER.boolean(true)] : []) + [DER.octetString(value)])
  }

  /// Reads a parsed extension.
  init(element: DERElement) throws(DERError) {
    var fields = try DERCursor(element, tag: DER.Tag.sequence)
    oid = try fields.next().objectIdentifier()
    let flag = fields.optional(DER.Tag.boolean)
    critical = try flag?.boolean() ?? false
    // DER: a DEFAULT value is never written, so an explicit FALSE is not DER.
    if let flag, !critical { throw .invalidBoolean(offset: flag.offset) }
    value = try fields.next().octetString()
    try fields.finish()
  }

  // MARK: The extensions `iap` writes

  /// basicConstraints, critical: `SEQUENCE { cA BOOLEAN DEFAULT FALSE, pathLenConstraint
  /// INTEGER OPTIONAL }`. A leaf's is the empty SEQUENCE.
  package static func basicConstraints(ca: Bool, pathLength: Int? = nil) -> X509Extension {
    let fields = (ca ? [DER.boolean(true)] : []) + (pathLength.map { [DER.integer($0)] } ?? [])
    return X509Extension(oid: OID.basicConstraints, critical: true, value: DER.sequence(fields))
  }

  /// keyUsage, critical.
  package static func keyUsage(_ usage: X509KeyUsage) -> X509Extension {
    X509Extension(oid: OID.keyUsage, critical: true, value: usage.der)
  }

  /// subjectKeyIdentifier, non-critical: `OCTET STRING keyIdentifier`.
  package static func subjectKeyIdentifier(_ identifier: [UInt8]) -> X509Extension {
    X509Extension(oid: OID.subjectKeyIdentifier, critical: false, value: DER.octetString(identifier))
  }

  /// authorityKeyIdentifier, non-critical: `SEQUENCE { [0] IMPLICIT keyIdentifier }`.
  package static func authorityKeyIdentifier(_ identifier: [UInt8]) -> X509Extension {
    X509Extension(oid: OID.authorityKeyIdentifier, critical: false, value: DER.sequence([DER.implicit(0, DER.octetString(identifier))]))
  }

  /// A non-critical extension whose value is NULL: how Apple marks its WWDR intermediate
  /// (`OID.appleWWDRIntermediateMarker`) and its App Store signing leaf
  /// (`OID.appleReceiptSigningMarker`).
  package static func marker(_ oid: String) -> X509Extension {
    X509Extension(oid: oid, critical: false, value: DER.null)
  }

  /// The key identifier of a public key: the leftmost 160 bits of the SHA-256 of the
  /// subjectPublicKey BIT STRING's value (RFC 7093 §2 method 1). RFC 5280 §4.2.1.2 suggests
  /// SHA-1 instead; RFC 7093 allows this, verifiers only compare the bytes, and it spares
  /// `iap` a SHA-1 implementation.
  package static func keyIdentifier(publicKey: [UInt8]) -> [UInt8] { Array(SHA256.hash(publicKey).prefix(20)) }

  // MARK: Reading values

  /// The cA flag and path length of a basicConstraints value.
  package func basicConstraintsValue() throws(DERError) -> X509BasicConstraints {
    var fields = try DERCursor(try DERParser.parse(value), tag: DER.Tag.sequence)
    let flag = fields.optional(DER.Tag.boolean)
    let ca = try flag?.boolean() ?? false
    if let flag, !ca { throw .invalidBoolean(offset: flag.offset) }
    var length: Int?
    if let element = fields.optional(DER.Tag.integer) {
      let value = try element.integer()
      guard value >= 0 else { throw .negativeInteger(offset: element.offset) }
      length = value
    }
    try fields.finish()
    return X509BasicConstraints(ca: ca, pathLength: length)
  }

  /// The bits of a keyUsage value.
  package func keyUsageValue() throws(DERError) -> X509KeyUsage { try X509KeyUsage(element: try DERParser.parse(value)) }

  /// The identifier in a subjectKeyIdentifier value.
  package func subjectKeyIdentifierValue() throws(DERError) -> [UInt8] { try DERParser.parse(value).octetString() }

  /// The keyIdentifier in an authorityKeyIdentifier value, if it has one (issuer name and
  /// serial, the other way to name the issuer's key, are skipped).
  package func authorityKeyIdentifierValue() throws(DERError) -> [UInt8]? {
    let fields = try DERParser.parse(value).children(DER.Tag.sequence, count: 0...3)
    return fields.first { $0.tag == DER.Tag.context(0, constructed: false) }?.content
  }
}
