extension P256 {
  /// A P-256 private key: a scalar d in 1…n-1, with its public key d·G.
  package struct PrivateKey: Sendable {
    /// The secret scalar d.
    let scalar: UInt256
    /// The matching public key, computed once when the key is made.
    package let publicKey: PublicKey

    /// The key whose scalar is the 32-byte big-endian `rawRepresentation`, or nil when it is
    /// not 32 bytes or not in 1…n-1.
    package init?(rawRepresentation: [UInt8]) {
      guard rawRepresentation.count == 32, let d = UInt256(bigEndian: rawRepresentation), P256.isInScalarRange(d)
      else { return nil }
      self.init(scalar: d)
    }

    /// A key derived deterministically from seed bytes of any length (an HMAC output, say).
    ///
    /// The rule is RFC 6979 §3.2's generator with the seed in place of `int2octets(x) ||
    /// bits2octets(h1)`: K = 0x00×32 and V = 0x01×32; K = HMAC(K, V || 0x00 || seed);
    /// V = HMAC(K, V); K = HMAC(K, V || 0x01 || seed); V = HMAC(K, V); then repeatedly
    /// V = HMAC(K, V), taking V as a big-endian integer and accepting it if it is in 1…n-1,
    /// else K = HMAC(K, V || 0x00), V = HMAC(K, V) and try again. All HMACs are HMAC-SHA256.
    /// A retry happens with probability about 2^-32, so the key is almost always the first V.
    package init(seed: [UInt8]) {
      var generator = HMACDRBG(seed: seed)
      self.init(scalar: generator.nextScalar())
    }

    /// The key for a scalar already known to be in 1…n-1.
    init(scalar: UInt256) {
      precondition(P256.isInScalarRange(scalar), "private scalar out of range")
      self.scalar = scalar
      // d ≠ 0 mod n, so d·G is finite.
      publicKey = PublicKey(point: BasePointTable.shared.multiply(scalar).affine!)
    }

    /// The scalar d as 32 big-endian bytes.
    package var rawRepresentation: [UInt8] { scalar.bigEndianBytes }

    /// The RFC 6979 nonce generator for this key and digest, seeded with
    /// `int2octets(d) || bits2octets(digest)`; its successive scalars are the candidate ks.
    func nonceGenerator(forDigest digest: [UInt8]) -> HMACDRBG {
      HMACDRBG(seed: scalar.bigEndianBytes + P256.scalar(ofDigest: digest).bigEndianBytes)
    }

    /// The deterministic ECDSA signature (RFC 6979) of a SHA-256 digest (32 bytes; a longer
    /// digest is cut to its leftmost 256 bits). s is not normalised to the lower half.
    package func signature(forDigest digest: [UInt8]) -> Signature {
      let z = Scalar(P256.scalar(ofDigest: digest))
      let d = Scalar(scalar)
      var nonces = nonceGenerator(forDigest: digest)
      while true {
        let k = nonces.nextScalar()
        // k is in 1…n-1, so k·G is finite.
        let point = BasePointTable.shared.multiply(k).affine!
        // r = x mod n; x < p < 2n, so one conditional subtraction reduces it.
        let r = Scalar(reducing: point.x.value)
        if r.isZero { continue }
        let s = Scalar(k).inverse() * (z + r * d)
        if s.isZero { continue }
        return Signature(validR: r.value, s: s.value)
      }
    }

    /// The deterministic ECDSA signature of SHA-256(`message`).
    package func signature(for message: [UInt8]) -> Signature {
      signature(forDigest: SHA256.hash(message))
    }
  }
}
