extension P256 {
  /// A P-256 public key: a finite point Q of the curve.
  package struct PublicKey: Sendable, Equatable {
    let point: AffinePoint

    init(point: AffinePoint) { self.point = point }

    /// The key in ANSI X9.63 uncompressed form, 0x04 || X || Y (65 bytes), or nil when the
    /// form is wrong, a coordinate is not below p, or the point is not on the curve.
    /// (Infinity has no such encoding, so it is rejected by construction.)
    package init?(x963Representation bytes: [UInt8]) {
      guard bytes.count == 65, bytes[0] == 0x04 else { return nil }
      self.init(x: Array(bytes[1..<33]), y: Array(bytes[33..<65]))
    }

    /// The key with 32-byte big-endian affine coordinates (as a JWK's "x" and "y" carry
    /// them), or nil unless they name a point of the curve.
    package init?(x: [UInt8], y: [UInt8]) {
      guard x.count == 32, y.count == 32, let x = UInt256(bigEndian: x), let y = UInt256(bigEndian: y),
        let point = AffinePoint(x: x, y: y)
      else { return nil }
      self.point = point
    }

    /// 0x04 || X || Y.
    package var x963Representation: [UInt8] { [0x04] + x + y }

    /// The affine x coordinate, 32 big-endian bytes.
    package var x: [UInt8] { point.x.value.bigEndianBytes }

    /// The affine y coordinate, 32 big-endian bytes.
    package var y: [UInt8] { point.y.value.bigEndianBytes }

    /// Whether `signature` is a valid ECDSA signature of this SHA-256 digest (FIPS 186-4
    /// §6.4.2): with w = s⁻¹, the point R = (z·w)·G + (r·w)·Q must be finite and have
    /// x mod n = r. Any s in 1…n-1 is accepted, high or low.
    package func isValidSignature(_ signature: Signature, forDigest digest: [UInt8]) -> Bool {
      // r and s were checked to be in 1…n-1 when the signature was made.
      let z = Scalar(P256.scalar(ofDigest: digest))
      let r = Scalar(signature.rValue)
      let w = Scalar(signature.sValue).inverse()
      let u1 = (z * w).value
      let u2 = (r * w).value
      let sum = BasePointTable.shared.multiply(u1) + JacobianPoint(point).multiplied(by: u2)
      guard let result = sum.affine else { return false }
      return Scalar(reducing: result.x.value) == r
    }

    /// Whether `signature` is a valid ECDSA signature of SHA-256(`message`).
    package func isValidSignature(_ signature: Signature, for message: [UInt8]) -> Bool {
      isValidSignature(signature, forDigest: SHA256.hash(message))
    }
  }
}
