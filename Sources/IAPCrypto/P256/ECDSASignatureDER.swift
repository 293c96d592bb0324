/// ECDSA P-256 signatures between the raw form JWS uses (RFC 7518 §3.4: 32-byte r then
/// 32-byte s) and the DER form X.509 and OpenSSL use (RFC 3279 §2.2.3:
/// `ECDSA-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER }`).
package enum ECDSASignatureDER {
  /// Bytes in one P-256 scalar, and so in r and in s.
  package static let scalarSize = 32

  /// The order n of the P-256 group (FIPS 186-4 §D.1.2.3): r and s lie in 1…n−1.
  static let p256Order: [UInt8] = [
    0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xBC, 0xE6, 0xFA, 0xAD, 0xA7, 0x17, 0x9E, 0x84, 0xF3, 0xB9, 0xCA, 0xC2, 0xFC, 0x63, 0x25, 0x51,
  ]

  /// Whether the 32-byte big-endian `scalar` is in 1…n−1.
  static func isValidScalar(_ scalar: [UInt8]) -> Bool {
    scalar.count == scalarSize && scalar.contains { $0 != 0 } && scalar.lexicographicallyPrecedes(p256Order)
  }

  /// The DER form of a raw 64-byte r‖s signature, or nil when `raw` is not 64 bytes.
  package static func encode(raw: [UInt8]) -> [UInt8]? {
    guard raw.count == 2 * scalarSize else { return nil }
    return DER.sequence([
      DER.integer(unsigned: Array(raw[0..<scalarSize])), DER.integer(unsigned: Array(raw[scalarSize...])),
    ])
  }

  /// The raw 64-byte r‖s form of a DER signature. Strict: exactly one SEQUENCE of two
  /// minimal INTEGERs, neither negative, zero or at least n, nothing after.
  package static func decode(_ der: [UInt8]) throws(DERError) -> [UInt8] {
    let sequence = try DERParser.parse(der, maxDepth: 2)
    let parts = try sequence.children(DER.Tag.sequence, count: 2...2)
    var raw: [UInt8] = []
    for part in parts {
      let magnitude = try part.unsignedInteger()
      guard magnitude.count <= scalarSize else { throw .integerOutOfRange(offset: part.offset) }
      let scalar = [UInt8](repeating: 0, count: scalarSize - magnitude.count) + magnitude
      guard isValidScalar(scalar) else { throw .integerOutOfRange(offset: part.offset) }
      raw += scalar
    }
    return raw
  }
}
