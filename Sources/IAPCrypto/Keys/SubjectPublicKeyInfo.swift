/// SubjectPublicKeyInfo (RFC 5280 §4.1.2.7) for P-256 keys, as RFC 5480 spells them:
/// `SEQUENCE { SEQUENCE { id-ecPublicKey, prime256v1 }, BIT STRING uncompressed point }`.
/// This is the `PUBLIC KEY` PEM and the key inside a certificate.
///
/// Public keys are 65-byte ANSI X9.63 uncompressed points (0x04, x, y). Only that shape is
/// checked here; whether the point is on the curve is for the curve arithmetic to decide.
package enum SubjectPublicKeyInfo {
  /// `AlgorithmIdentifier { id-ecPublicKey, prime256v1 }`, shared with PKCS#8.
  static let p256Algorithm = DER.sequence([DER.oid(OID.ecPublicKey), DER.oid(OID.prime256v1)])

  /// Bytes in an uncompressed P-256 point.
  package static let p256PublicKeySize = 65

  /// Whether `key` has the shape of an uncompressed P-256 point.
  static func isP256PublicKey(_ key: [UInt8]) -> Bool { key.count == p256PublicKeySize && key[0] == 0x04 }

  /// The DER SubjectPublicKeyInfo of a 65-byte uncompressed P-256 point. Traps on any other
  /// length or form: keys come from the curve code, never from input.
  package static func encode(p256PublicKey key: [UInt8]) -> [UInt8] {
    precondition(isP256PublicKey(key), "a P-256 public key is 65 bytes starting with 0x04")
    return DER.sequence([p256Algorithm, DER.bitString(key)])
  }

  /// The `PUBLIC KEY` PEM of a 65-byte uncompressed P-256 point.
  package static func pem(p256PublicKey key: [UInt8]) -> String {
    PEM(label: PEM.Label.publicKey, bytes: encode(p256PublicKey: key)).text
  }

  /// The parts of any SubjectPublicKeyInfo: algorithm OID, the curve OID when the
  /// parameters are a named curve, and the BIT STRING's bytes.
  static func parse(_ element: DERElement) throws(DERError) -> (algorithm: String, curve: String?, key: [UInt8]) {
    let parts = try element.children(DER.Tag.sequence, count: 2...2)
    let algorithm = try parts[0].children(DER.Tag.sequence, count: 1...2)
    let oid = try algorithm[0].objectIdentifier()
    let curve = algorithm.count == 2 && algorithm[1].tag == DER.Tag.objectIdentifier ? try algorithm[1].objectIdentifier() : nil
    return (oid, curve, try parts[1].bitStringBytes())
  }

  /// The P-256 point in a parsed SubjectPublicKeyInfo.
  static func p256PublicKey(_ element: DERElement) throws(KeyEncodingError) -> [UInt8] {
    let parsed: (algorithm: String, curve: String?, key: [UInt8])
    do { parsed = try parse(element) } catch { throw .der(error) }
    guard parsed.algorithm == OID.ecPublicKey else { throw .unsupportedAlgorithm(parsed.algorithm) }
    guard parsed.curve == OID.prime256v1 else { throw .unsupportedCurve(parsed.curve) }
    guard isP256PublicKey(parsed.key) else { throw .invalidPublicKey }
    return parsed.key
  }

  /// The 65-byte point in a DER SubjectPublicKeyInfo, which must be a P-256 key.
  package static func decodeP256(_ der: [UInt8]) throws(KeyEncodingError) -> [UInt8] {
    let element: DERElement
    do { element = try DERParser.parse(der) } catch { throw .der(error) }
    return try p256PublicKey(element)
  }

  /// The 65-byte point in the first `PUBLIC KEY` block of PEM text.
  package static func decodeP256(pem text: String) throws(KeyEncodingError) -> [UInt8] {
    let block: PEM
    do { block = try PEM.decode(text, labels: [PEM.Label.publicKey]) } catch { throw .pem(error) }
    return try decodeP256(block.bytes)
  }
}
