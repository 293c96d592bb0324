import Testing
@testable import IAPCrypto

/// ECDSA P-256 with SHA-256: RFC 6979's published vectors, key and signature encodings, and
/// verification of good and deliberately broken signatures.
@Suite struct ECDSATests {
  /// RFC 6979 appendix A.2.5: the P-256 key.
  static let rfcKey = P256.PrivateKey(rawRepresentation: bytes(hex: "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721"))!
  static let rfcUx = "60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6"
  static let rfcUy = "7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299"

  static let n = P256OrderModulus.modulus
  static let nBytes = n.bigEndianBytes
  static let nMinus1 = n.subtractingReportingOverflow(.one).partialValue.bigEndianBytes

  static func signature(_ r: String, _ s: String) -> P256.Signature {
    P256.Signature(rawRepresentation: bytes(hex: r + s))!
  }

  @Test func rfc6979PublicKey() {
    #expect(hex(Self.rfcKey.publicKey.x) == Self.rfcUx)
    #expect(hex(Self.rfcKey.publicKey.y) == Self.rfcUy)
    #expect(hex(Self.rfcKey.publicKey.x963Representation) == "04" + Self.rfcUx + Self.rfcUy)
    #expect(hex(Self.rfcKey.rawRepresentation) == "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721")
  }

  /// RFC 6979 A.2.5, "With SHA-256": the nonce k and the signature (r, s) of each message.
  @Test(arguments: [
    ("sample", "a6e3c57dd01abe90086538398355dd4c3b17aa873382b0f24d6129493d8aad60",
     "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716",
     "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8"),
    ("test", "d16b6ae827f17175e040871a1c7ec3500192c4c92677336ec2537acaee0008e0",
     "f1abb023518351cd71d881567b1ea663ed3efcf6c5132b354f28d3b0b7d38367",
     "019f4113742a2b14bd25926b49c649155f267e60d3814b4c0cc84250e46f0083"),
  ])
  func rfc6979Signatures(_ message: String, _ k: String, _ r: String, _ s: String) {
    let digest = SHA256.hash(Array(message.utf8))
    var nonces = Self.rfcKey.nonceGenerator(forDigest: digest)
    #expect(nonces.nextScalar().description == k)
    let signature = Self.rfcKey.signature(for: Array(message.utf8))
    #expect(hex(signature.r) == r)
    #expect(hex(signature.s) == s)
    #expect(hex(signature.rawRepresentation) == r + s)
    #expect(signature == Self.rfcKey.signature(forDigest: digest))
    #expect(Self.rfcKey.publicKey.isValidSignature(signature, for: Array(message.utf8)))
    #expect(Self.rfcKey.publicKey.isValidSignature(signature, forDigest: digest))
  }

  @Test func privateKeyRange() {
    #expect(P256.PrivateKey(rawRepresentation: [UInt8](repeating: 0, count: 32)) == nil, "0")
    #expect(P256.PrivateKey(rawRepresentation: Self.nBytes) == nil, "n")
    #expect(P256.PrivateKey(rawRepresentation: [UInt8](repeating: 0xff, count: 32)) == nil, "above n")
    #expect(P256.PrivateKey(rawRepresentation: [UInt8](repeating: 1, count: 31)) == nil, "31 bytes")
    #expect(P256.PrivateKey(rawRepresentation: [0] + Self.rfcKey.rawRepresentation) == nil, "33 bytes")
    let one = P256.PrivateKey(rawRepresentation: UInt256.one.bigEndianBytes)!
    #expect(one.publicKey.point == AffinePoint.generator)
    let last = P256.PrivateKey(rawRepresentation: Self.nMinus1)!
    #expect(last.publicKey.point == AffinePoint.generator.negated)
    // Extreme keys still sign and verify.
    for key in [one, last] {
      #expect(key.publicKey.isValidSignature(key.signature(for: [1, 2, 3]), for: [1, 2, 3]))
    }
  }

  /// The documented seed rule, pinned with values from an independent Python HMAC-DRBG.
  @Test func keysFromSeeds() {
    #expect(hex(P256.PrivateKey(seed: []).rawRepresentation) == "c3bf6a81dda5b85c626a582fdaf855cb7085ee308c8976954544afe814cca1a3")
    let key = P256.PrivateKey(seed: Array("iap signing key".utf8))
    #expect(hex(key.rawRepresentation) == "5dff39fc2b0a2732ba16c339ad561cd4b0acf8d7c8d18d6aeccab6eb2b0a3f20")
    #expect(P256.PrivateKey(seed: Array("iap signing key".utf8)).publicKey == key.publicKey)
    #expect(P256.PrivateKey(seed: Array("iap signing kez".utf8)).publicKey != key.publicKey)
  }

  @Test func signatureEncoding() {
    let r = "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716"
    let good = Self.signature(r, "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8")
    let zero = [UInt8](repeating: 0, count: 32)
    #expect(P256.Signature(rawRepresentation: zero + good.s) == nil, "r = 0")
    #expect(P256.Signature(rawRepresentation: good.r + zero) == nil, "s = 0")
    #expect(P256.Signature(rawRepresentation: Self.nBytes + good.s) == nil, "r = n")
    #expect(P256.Signature(rawRepresentation: good.r + Self.nBytes) == nil, "s = n")
    #expect(P256.Signature(rawRepresentation: Array(good.rawRepresentation.dropLast())) == nil, "63 bytes")
    #expect(P256.Signature(rawRepresentation: Self.nMinus1 + Self.nMinus1) != nil, "n - 1 is in range")
    // DER-style halves: a sign byte in front, or leading zeros dropped.
    #expect(P256.Signature(r: [0] + good.r, s: good.s) == good)
    let small = P256.Signature(r: [0x01], s: [0x00, 0x02])
    #expect(small.map { hex($0.rawRepresentation) } == String(repeating: "0", count: 63) + "1" + String(repeating: "0", count: 63) + "2")
    #expect(P256.Signature(r: [1] + good.r, s: good.s) == nil, "r over 256 bits")
  }

  /// Wycheproof-style negative cases against the RFC's "sample" signature.
  @Test func brokenSignaturesFail() {
    let key = Self.rfcKey.publicKey
    let message = Array("sample".utf8)
    let good = Self.signature(
      "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716",
      "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8")
    #expect(key.isValidSignature(good, for: message))
    func tweaked(_ index: Int) -> P256.Signature {
      var raw = good.rawRepresentation
      raw[index] ^= 0x01
      return P256.Signature(rawRepresentation: raw)!
    }
    #expect(!key.isValidSignature(tweaked(31), for: message), "r modified")
    #expect(!key.isValidSignature(tweaked(0), for: message), "r modified, high byte")
    #expect(!key.isValidSignature(tweaked(63), for: message), "s modified")
    #expect(!key.isValidSignature(P256.Signature(r: good.s, s: good.r)!, for: message), "r and s swapped")
    #expect(!key.isValidSignature(good, for: Array("samplf".utf8)), "wrong message")
    #expect(!key.isValidSignature(good, for: message + [0]), "message extended")
    #expect(!P256.PrivateKey(seed: [1]).publicKey.isValidSignature(good, for: message), "wrong key")
    // s and n - s are both valid (ECDSA's malleability): verification takes either.
    let sValue = UInt256(bigEndian: good.s)!
    let flipped = P256.Signature(r: good.r, s: Self.n.subtractingReportingOverflow(sValue).partialValue.bigEndianBytes)!
    #expect(key.isValidSignature(flipped, for: message), "high s / low s")
    // r + n does not fit in 256 bits here, so r' ≡ r cannot even be encoded; r = 1 can.
    #expect(!key.isValidSignature(P256.Signature(r: [1], s: good.s)!, for: message), "r = 1")
    #expect(!key.isValidSignature(P256.Signature(r: good.r, s: [1])!, for: message), "s = 1")
    #expect(!key.isValidSignature(P256.Signature(rawRepresentation: Self.nMinus1 + Self.nMinus1)!, for: message), "n - 1")
  }

  /// A signature whose point R has n ≤ x(R) < p, so r = x(R) - n: the reduction of x modulo
  /// n in verification is what accepts it. Built (with Python) by picking R, s and z and
  /// solving for the public key Q = (R - z·s⁻¹·G) / (r·s⁻¹); OpenSSL accepts it too.
  @Test func verificationReducesXModuloN() {
    let key = P256.PublicKey(
      x: bytes(hex: "a7e84429387a0ffeccdae4c790b4e49155af2cc8d5395b7dba0aaf6d61436665"),
      y: bytes(hex: "a1ec9a1461e00e6f18a9ae6b11c6781163cf9bf21b01628f7cd788e8c445c426"))!
    let message = Array("x of R is at least n".utf8)
    let s = "1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef"
    #expect(key.isValidSignature(Self.signature(String(repeating: "0", count: 63) + "3", s), for: message))
    #expect(!key.isValidSignature(Self.signature(String(repeating: "0", count: 63) + "4", s), for: message))
    // x(R) itself is above n, so as an r it is refused before verification.
    #expect(P256.Signature(r: bytes(hex: "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632554"), s: bytes(hex: s)) == nil)
  }

  /// Digests that reduce to 0 (u1 = 0, so R = u2·Q alone), and longer digests, which are
  /// cut to their leftmost 256 bits.
  @Test func unusualDigests() {
    let key = P256.PrivateKey(seed: Array("digests".utf8))
    for digest in [[UInt8](repeating: 0, count: 32), Self.nBytes, Self.nMinus1, [UInt8](repeating: 0xff, count: 32)] {
      let signature = key.signature(forDigest: digest)
      #expect(key.publicKey.isValidSignature(signature, forDigest: digest), "\(hex(digest))")
    }
    #expect(key.signature(forDigest: Self.nBytes) == key.signature(forDigest: [UInt8](repeating: 0, count: 32)), "z = n ≡ 0")
    let long = SHA256.hash([1]) + SHA256.hash([2])
    #expect(key.signature(forDigest: long) == key.signature(forDigest: Array(long.prefix(32))))
  }

  @Test func signaturesRoundTripForManyKeys() {
    for index in 0..<8 {
      let key = P256.PrivateKey(seed: [UInt8(index)])
      let message = [UInt8](repeating: UInt8(index), count: index * 13)
      let signature = key.signature(for: message)
      #expect(key.publicKey.isValidSignature(signature, for: message))
      #expect(P256.Signature(rawRepresentation: signature.rawRepresentation) == signature)
      #expect(P256.PublicKey(x963Representation: key.publicKey.x963Representation) == key.publicKey)
      #expect(!key.publicKey.isValidSignature(signature, for: message + [1]))
    }
  }
}
