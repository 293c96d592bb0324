import Testing
@testable import IAPCrypto

/// Points of P-256: the group law, infinity, and scalar multiplication.
@Suite struct P256PointTests {
  static let n = P256OrderModulus.modulus
  static let g = AffinePoint.generator

  static func point(_ x: String, _ y: String) -> AffinePoint {
    AffinePoint(x: UInt256(bigEndian: bytes(hex: x))!, y: UInt256(bigEndian: bytes(hex: y))!)!
  }

  static func minus(_ k: UInt64) -> UInt256 { n.subtractingReportingOverflow(UInt256(k)).partialValue }

  /// k·G, computed by OpenSSL through Python's `cryptography` (`ec.derive_private_key(k)`).
  static let multiplesOfG: [(UInt256, String, String)] = [
    (UInt256(1), "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296", "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5"),
    (UInt256(2), "7cf27b188d034f7e8a52380304b51ac3c08969e277f21b35a60b48fc47669978", "07775510db8ed040293d9ac69f7430dbba7dade63ce982299e04b79d227873d1"),
    (UInt256(3), "5ecbe4d1a6330a44c8f7ef951d4bf165e6c6b721efada985fb41661bc6e7fd6c", "8734640c4998ff7e374b06ce1a64a2ecd82ab036384fb83d9a79b127a27d5032"),
    (UInt256(4), "e2534a3532d08fbba02dde659ee62bd0031fe2db785596ef509302446b030852", "e0f1575a4c633cc719dfee5fda862d764efc96c3f30ee0055c42c23f184ed8c6"),
    (UInt256(15), "f0454dc6971abae7adfb378999888265ae03af92de3a0ef163668c63e59b9d5f", "b5b93ee3592e2d1f4e6594e51f9643e62a3b21ce75b5fa3f47e59cde0d034f36"),
    (UInt256(16), "76a94d138a6b41858b821c629836315fcd28392eff6ca038a5eb4787e1277c6e", "a985fe61341f260e6cb0a1b5e11e87208599a0040fc78baa0e9ddd724b8c5110"),
    (UInt256(17), "47776904c0f1cc3a9c0984b66f75301a5fa68678f0d64af8ba1abce34738a73e", "aa005ee6b5b957286231856577648e8381b2804428d5733f32f787ff71f1fcdc"),
    (minus(1), "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296", "b01cbd1c01e58065711814b583f061e9d431cca994cea1313449bf97c840ae0a"),
    (minus(2), "7cf27b188d034f7e8a52380304b51ac3c08969e277f21b35a60b48fc47669978", "f888aaee24712fc0d6c26539608bcf244582521ac3167dd661fb4862dd878c2e"),
  ]

  @Test func generatorIsOnTheCurve() {
    #expect(Self.g.isOnCurve)
    #expect(!AffinePoint(x: Self.g.x, y: Self.g.y + .one).isOnCurve)
    #expect(Self.g.negated.isOnCurve)
  }

  @Test func smallAndLargeMultiplesOfG() {
    for (k, x, y) in Self.multiplesOfG {
      let expected = Self.point(x, y)
      #expect(BasePointTable.shared.multiply(k).affine == expected, "table, k = \(k)")
      #expect(JacobianPoint(Self.g).multiplied(by: k).affine == expected, "windowed, k = \(k)")
    }
    #expect(BasePointTable.shared.multiply(Self.minus(1)).affine == Self.g.negated, "(n-1)·G = -G")
  }

  /// The table's signed digits against the plain windowed multiplication, over k whose
  /// windows are all at a carry's edge (every 6 bits 100000, 011111, 111111) and random ones.
  @Test func theTableAgreesWithTheWindowedMultiplication() {
    let ks: [UInt256] = UInt256.spread(24, seed: 0x2545_f491_4f6c_dd1d) + [
      UInt256(0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff),
      UInt256(0x8208_2082_0820_8208, 0x2082_0820_8208_2082, 0x0820_8208_2082_0820, 0x8208_2082_0820_8208),
      UInt256(0x7df7_df7d_f7df_7df7, 0xdf7d_f7df_7df7_df7d, 0xf7df_7df7_df7d_f7df, 0x7df7_df7d_f7df_7df7),
      UInt256(32), UInt256(33), UInt256(31), UInt256(64 * 33), UInt256(1),
    ]
    for k in ks {
      let table = BasePointTable.shared.multiply(k)
      let windowed = JacobianPoint(Self.g).multiplied(by: k)
      #expect(table.isEqual(to: windowed), "k = \(k)")
    }
  }

  @Test func orderAndZeroGiveInfinity() {
    #expect(BasePointTable.shared.multiply(Self.n).isInfinity, "n·G")
    #expect(JacobianPoint(Self.g).multiplied(by: Self.n).isInfinity, "n·G, windowed")
    #expect(BasePointTable.shared.multiply(.zero).isInfinity)
    #expect(JacobianPoint(Self.g).multiplied(by: .zero).isInfinity)
    #expect(JacobianPoint.infinity.multiplied(by: UInt256(12345)).isInfinity)
    // (n+1)·G = G: the table wraps past the order like the group does.
    let nPlus1 = Self.n.addingReportingOverflow(.one).partialValue
    #expect(JacobianPoint(Self.g).multiplied(by: nPlus1).affine == Self.g)
  }

  @Test func infinityIsTheIdentity() {
    let g = JacobianPoint(Self.g)
    #expect(JacobianPoint.infinity.affine == nil)
    #expect(JacobianPoint.infinity.doubled().isInfinity)
    #expect((JacobianPoint.infinity + JacobianPoint.infinity).isInfinity)
    #expect((JacobianPoint.infinity + g).affine == Self.g)
    #expect((g + JacobianPoint.infinity).affine == Self.g)
    #expect((JacobianPoint.infinity + Self.g).affine == Self.g, "mixed")
    #expect((g + g.negated).isInfinity)
    #expect((g + Self.g.negated).isInfinity, "mixed")
    #expect(JacobianPoint.infinity.isEqual(to: .infinity) && !g.isEqual(to: .infinity))
  }

  /// Adding a point to itself must give its double, through either addition formula, and
  /// with Z ≠ 1 on both sides so the projective special case is the one exercised.
  @Test func addingAPointToItselfDoubles() {
    let g = JacobianPoint(Self.g)
    let two = g.doubled()
    #expect(two.affine == Self.point(Self.multiplesOfG[1].1, Self.multiplesOfG[1].2))
    #expect((g + g).isEqual(to: two))
    #expect((g + Self.g).isEqual(to: two))
    let three = two + g  // Z ≠ 1
    let threeAgain = g + two.doubled() + g.negated + g.negated  // same point, another Z
    #expect(three.isEqual(to: threeAgain))
    #expect((three + threeAgain).isEqual(to: three.doubled()))
    #expect((three + threeAgain.negated).isInfinity)
    #expect((three + three.affine!).isEqual(to: three.doubled()))
    // The sum of points agrees with the sum of scalars: 3G + 4G = 7G.
    let seven = BasePointTable.shared.multiply(UInt256(7))
    #expect((three + two.doubled()).isEqual(to: seven))
  }

  @Test func batchAffineMatchesOneAtATime() {
    var points: [JacobianPoint] = []
    var p = JacobianPoint(Self.g)
    for _ in 0..<5 {
      p = p.doubled() + Self.g
      points.append(p)
    }
    #expect(JacobianPoint.batchAffine(points) == points.map { $0.affine! })
    #expect(JacobianPoint.batchAffine([]).isEmpty)
  }

  @Test func publicKeyEncodingIsValidated() {
    let gBytes = [0x04] + Self.g.x.value.bigEndianBytes + Self.g.y.value.bigEndianBytes
    let key = P256.PublicKey(x963Representation: gBytes)
    #expect(key?.x963Representation == gBytes)
    #expect(key?.x == Self.g.x.value.bigEndianBytes && key?.y == Self.g.y.value.bigEndianBytes)
    #expect(P256.PublicKey(x: key!.x, y: key!.y) == key)
    var offCurve = gBytes
    offCurve[64] ^= 1
    #expect(P256.PublicKey(x963Representation: offCurve) == nil, "not on the curve")
    #expect(P256.PublicKey(x963Representation: [0x04] + [UInt8](repeating: 0, count: 64)) == nil, "(0, 0), how some encode infinity")
    #expect(P256.PublicKey(x963Representation: [0x00]) == nil, "SEC 1's infinity")
    #expect(P256.PublicKey(x963Representation: [0x02] + Array(gBytes[1..<33])) == nil, "compressed")
    #expect(P256.PublicKey(x963Representation: [0x05] + gBytes.dropFirst()) == nil, "prefix")
    #expect(P256.PublicKey(x963Representation: Array(gBytes.dropLast())) == nil, "length")
    // (5, y) is on the curve; x = 5 + p has the same residue but is no coordinate: it must
    // be refused, not reduced.
    let y5 = bytes(hex: "459243b9aa581806fe913bce99817ade11ca503c64d9a3c533415c083248fbcc")
    #expect(P256.PublicKey(x: UInt256(5).bigEndianBytes, y: y5) != nil)
    #expect(P256.PublicKey(x: bytes(hex: "ffffffff00000001000000000000000000000001000000000000000000000004"), y: y5) == nil)
    let p = P256FieldModulus.modulus
    #expect(P256.PublicKey(x: p.bigEndianBytes, y: key!.y) == nil)
  }
}
