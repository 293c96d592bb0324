/// An X.509 distinguished name (RFC 5280 §4.1.2.4): a sequence of relative distinguished
/// names, each a set of attribute type-and-value pairs.
///
/// `der` is the exact encoding: for a parsed name the bytes as they were in the
/// certificate, since issuer and subject are matched byte for byte.
package struct X509Name: Equatable, Sendable, CustomStringConvertible {
  /// One `AttributeTypeAndValue`: the attribute's OID, its text and the string type that
  /// carries the text.
  package struct Attribute: Equatable, Sendable {
    package var oid: String
    package var value: String
    /// The tag of the string type (`DER.Tag.printableString`, `DER.Tag.utf8String`, …).
    package var stringTag: UInt8

    /// An attribute in the string type RFC 5280 expects: PrintableString for country,
    /// organization, unit and common name when the text allows it (as Apple's certificates
    /// spell them), UTF8String otherwise.
    package init(oid: String, value: String) {
      let printable = [OID.commonName, OID.organizationalUnit, OID.organization, OID.country].contains(oid) && DER.isPrintable(value)
      self.init(oid: oid, value: value, stringTag: printable ? DER.Tag.printableString : DER.Tag.utf8String)
    }

    package init(oid: String, value: String, stringTag: UInt8) {
      self.oid = oid
      self.value = value
      self.stringTag = stringTag
    }

    /// `SEQUENCE { type OID, value }`.
    var der: [UInt8] { DER.sequence([DER.oid(oid), DER.tlv(stringTag, Array(value.utf8))]) }
  }

  /// The relative distinguished names in encoded order, each usually one attribute.
  package let rdns: [[Attribute]]
  /// The DER `Name`.
  package let der: [UInt8]

  /// A name from relative distinguished names in the order they are to be encoded.
  package init(rdns: [[Attribute]]) {
    self.rdns = rdns
    der = DER.sequence(rdns.map { rdn in DER.set(rdn.map(\.der)) })
  }

  /// A name of single-attribute RDNs in Apple's order: CN, then OU, O and C when given.
  package init(commonName: String, organizationalUnit: String? = nil, organization: String? = nil, country: String? = nil) {
    let pairs: [(String, String?)] = [
      (OID.commonName, commonName), (OID.organizationalUnit, organizationalUnit), (OID.organization, organization),
      (OID.country, country),
    ]
    self.init(rdns: pairs.compactMap { oid, value in value.map { [Attribute(oid: oid, value: $0)] } })
  }

  /// Reads a parsed `Name`, keeping its bytes.
  init(element: DERElement) throws(DERError) {
    var rdns: [[Attribute]] = []
    for set in try element.children(DER.Tag.sequence, count: 0...Int.max) {
      var rdn: [Attribute] = []
      for pair in try set.children(DER.Tag.set, count: 1...Int.max) {
        let parts = try pair.children(DER.Tag.sequence, count: 2...2)
        rdn.append(Attribute(oid: try parts[0].objectIdentifier(), value: try parts[1].string(), stringTag: parts[1].tag))
      }
      rdns.append(rdn)
    }
    self.rdns = rdns
    der = element.encoded
  }

  /// The first common name, if any.
  package var commonName: String? { rdns.joined().first { $0.oid == OID.commonName }?.value }

  /// `CN=…, OU=…, O=…, C=…` in encoded order (as `openssl x509 -subject` prints), other
  /// attributes by dotted OID, attributes of one RDN joined by `+`; `,`, `+`, `=` and `\`
  /// in values are escaped with `\`.
  package var description: String {
    let short = [
      OID.commonName: "CN", OID.organizationalUnit: "OU", OID.organization: "O", OID.country: "C",
      "2.5.4.7": "L", "2.5.4.8": "ST", "0.9.2342.19200300.100.1.25": "DC", "1.2.840.113549.1.9.1": "emailAddress",
    ]
    func escaped(_ text: String) -> String {
      text.reduce(into: "") { out, c in
        if ",+=\\".contains(c) { out.append("\\") }
        out.append(c)
      }
    }
    return rdns.map { rdn in
      rdn.map { "\(short[$0.oid] ?? $0.oid)=\(escaped($0.value))" }.joined(separator: "+")
    }.joined(separator: ", ")
  }
}
