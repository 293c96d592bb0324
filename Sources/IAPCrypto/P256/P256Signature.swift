extension P256 {
  /// An ECDSA signature (r, s), each in 1…n-1.
  ///
  /// Only the raw form r || s is here, which is what JWS ES256 uses (RFC 7518 §3.4); DER's
  /// `SEQUENCE { INTEGER r, INTEGER s }` is built by the X.509 code from `r` and `s`.
  package struct Signature: Sendable, Equatable {
    let rValue: UInt256
    let sValue: UInt256

    /// A signature whose halves are known to be in range.
    init(validR r: UInt256, s: UInt256) {
      rValue = r
      sValue = s
    }

    /// The signature r || s (64 bytes, 32 big-endian bytes each), or nil when the length is
    /// wrong or r or s is not in 1…n-1.
    package init?(rawRepresentation bytes: [UInt8]) {
      guard bytes.count == 64 else { return nil }
      self.init(r: Array(bytes[0..<32]), s: Array(bytes[32..<64]))
    }

    /// The signature with these big-endian halves, or nil unless each is in 1…n-1. Halves
    /// may be shorter than 32 bytes, or longer with leading zeros only, as DER integers come.
    package init?(r: [UInt8], s: [UInt8]) {
      guard let r = UInt256(bigEndian: r), let s = UInt256(bigEndian: s),
        P256.isInScalarRange(r), P256.isInScalarRange(s)
      else { return nil }
      self.init(validR: r, s: s)
    }

    /// r || s, 64 bytes.
    package var rawRepresentation: [UInt8] { r + s }

    /// r, 32 big-endian bytes.
    package var r: [UInt8] { rValue.bigEndianBytes }

    /// s, 32 big-endian bytes.
    package var s: [UInt8] { sValue.bigEndianBytes }
  }
}
