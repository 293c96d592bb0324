import Testing
@testable import IAPCrypto

/// 256-bit integers and Montgomery arithmetic modulo P-256's p and n.
@Suite struct P256ArithmeticTests {
  static let p = P256FieldModulus.modulus
  static let n = P256OrderModulus.modulus
  static let max = UInt256(~0, ~0, ~0, ~0)

  /// A deterministic spread of 256-bit values (SHA-256 of a counter), plus the edges.
  static let samples: [UInt256] =
    (0..<12).map { UInt256(bigEndian: SHA256.hash([UInt8($0)]))! } + [.zero, .one, UInt256(2), max, p, n]

  /// a·b mod m by double-and-add over plain 256-bit addition: slow, but shares nothing with
  /// the Montgomery code it checks.
  static func referenceProduct(_ a: UInt256, _ b: UInt256, _ m: UInt256) -> UInt256 {
    func addMod(_ x: UInt256, _ y: UInt256) -> UInt256 {
      let (sum, carry) = x.addingReportingOverflow(y)
      return carry || !(sum < m) ? sum.subtractingReportingOverflow(m).partialValue : sum
    }
    var result = UInt256.zero
    for window in stride(from: 63, through: 0, by: -1) {
      for bit in stride(from: 3, through: 0, by: -1) {
        result = addMod(result, result)
        if (b.nibble(window) >> bit) & 1 == 1 { result = addMod(result, a) }
      }
    }
    return result
  }

  @Test func bytesRoundTripAndParsing() {
    let text = "00112233445566778899aabbccddeeff0123456789abcdeffedcba9876543210"
    let value = UInt256(bigEndian: bytes(hex: text))!
    #expect(value == UInt256(0x0011_2233_4455_6677, 0x8899_aabb_ccdd_eeff, 0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210))
    #expect(hex(value.bigEndianBytes) == text)
    #expect(value.description == text)
    #expect(UInt256(bigEndian: [0x01, 0x02]) == UInt256(0x0102), "short input is left-padded")
    #expect(UInt256(bigEndian: []) == .zero)
    #expect(UInt256(bigEndian: [0, 0] + bytes(hex: text)) == value, "leading zeros beyond 32 bytes")
    #expect(UInt256(bigEndian: [1] + bytes(hex: text)) == nil, "more than 256 bits")
    #expect(UInt256(leftmostBitsOf: bytes(hex: text) + [0xff, 0xee]) == value, "bits2int keeps the leftmost 256 bits")
    #expect(value.nibble(0) == 0x0 && value.nibble(1) == 0x1 && value.nibble(63) == 0x0 && value.nibble(61) == 0x1)
  }

  @Test func carriesBorrowsAndComparison() {
    let (wrapped, carry) = Self.max.addingReportingOverflow(.one)
    #expect(wrapped == .zero && carry)
    let (borrowed, borrow) = UInt256.zero.subtractingReportingOverflow(.one)
    #expect(borrowed == Self.max && borrow)
    // A carry that ripples through every limb.
    #expect(UInt256(0, ~0, ~0, ~0).addingReportingOverflow(.one) == (UInt256(1, 0, 0, 0), false))
    #expect(UInt256(1, 0, 0, 0).subtractingReportingOverflow(.one) == (UInt256(0, ~0, ~0, ~0), false))
    #expect(Self.n < Self.p && UInt256(0, 0, 0, ~0) < UInt256(0, 0, 1, 0) && !(Self.p < Self.p))
  }

  @Test func fullWidthProduct() {
    // (2^256 - 1)² = 2^512 - 2^257 + 1.
    let (high, low) = Self.max.multipliedFullWidth(by: Self.max)
    #expect(high == UInt256(~0, ~0, ~0, ~0 - 1) && low == .one)
    let (high2, low2) = UInt256(1, 0, 0, 0).multipliedFullWidth(by: UInt256(0, 0, 1, 5))
    #expect(high2 == UInt256(0, 0, 0, 1) && low2 == UInt256(5, 0, 0, 0))
  }

  @Test func fieldEdgesAroundP() {
    let pMinus1 = FieldElement(Self.p.subtractingReportingOverflow(.one).partialValue)
    #expect((pMinus1 + .one).isZero)
    #expect(FieldElement.zero - .one == pMinus1)
    #expect(-FieldElement.one == pMinus1)
    #expect(-FieldElement.zero == .zero)
    #expect(pMinus1 * pMinus1 == .one, "(-1)² = 1")
    #expect(pMinus1.inverse() == pMinus1)
    #expect(pMinus1 + pMinus1 == pMinus1 - .one, "a sum past p wraps once")
    #expect(FieldElement.one.value == .one && FieldElement.zero.value == .zero)
    #expect(FieldElement(reducing: Self.p).isZero)
    #expect(FieldElement(reducing: Self.max).value == Self.max.subtractingReportingOverflow(Self.p).partialValue)
    #expect(FieldElement.zero.inverse().isZero, "zero has no inverse and maps to zero")
  }

  @Test func scalarEdgesAroundN() {
    let nMinus1 = Scalar(Self.n.subtractingReportingOverflow(.one).partialValue)
    #expect((nMinus1 + .one).isZero)
    #expect(nMinus1 * nMinus1 == .one)
    #expect(Scalar.zero - .one == nMinus1)
    // 2⁻¹ = (n + 1) / 2.
    #expect(Scalar(UInt256(2)).inverse().value.description == "7fffffff800000007fffffffffffffffde737d56d38bcf4279dce5617e3192a9")
    #expect((Scalar(UInt256(2)).inverse() * Scalar(UInt256(2))) == .one)
    #expect(Scalar(reducing: Self.n).isZero)
    #expect(Scalar(reducing: Self.p).value == Self.p.subtractingReportingOverflow(Self.n).partialValue)
  }

  @Test func montgomeryProductsMatchTheReference() {
    for (index, a) in Self.samples.enumerated() {
      let b = Self.samples[(index * 7 + 3) % Self.samples.count]
      for m in [Self.p, Self.n] {
        let ra = a < m ? a : a.subtractingReportingOverflow(m).partialValue
        let rb = b < m ? b : b.subtractingReportingOverflow(m).partialValue
        let expected = Self.referenceProduct(ra, rb, m)
        let actual = m == Self.p ? (FieldElement(ra) * FieldElement(rb)).value : (Scalar(ra) * Scalar(rb)).value
        #expect(actual == expected, "\(ra) * \(rb) mod \(m)")
      }
    }
  }

  @Test func inversesAgreeWithFermat() {
    // More values than the samples, spread over all the bits.
    var values = Self.samples + UInt256.spread(64, seed: 0x9e37_79b9_7f4a_7c15)
    values += [.one, UInt256(2), Self.p.subtractingReportingOverflow(UInt256(2)).partialValue]
    for value in values {
      let a = FieldElement(reducing: value)
      if !a.isZero {
        #expect(a * a.inverse() == .one, "\(value)")
        #expect(a.inverse() == Self.fermatInverse(a, Self.p), "\(value)")
        #expect(a.halved().doubled() == a, "\(value)")
      }
      let k = Scalar(reducing: value)
      if !k.isZero {
        #expect(k * k.inverse() == .one, "\(value)")
        #expect(k.inverse() == Self.fermatInverse(k, Self.n), "\(value)")
        #expect(k.halved().doubled() == k, "\(value)")
      }
    }
    #expect(FieldElement(UInt256(3)).inverse() * FieldElement(UInt256(3)) == .one)
  }

  /// a^(m-2) by square and multiply over the bits of m-2, most significant first: the
  /// inverse by Fermat's little theorem, independently of the binary algorithm under test.
  static func fermatInverse<M>(_ a: ModularInteger<M>, _ m: UInt256) -> ModularInteger<M> {
    let exponent = m.subtractingReportingOverflow(UInt256(2)).partialValue
    var result = ModularInteger<M>.one
    for limb in [exponent.w3, exponent.w2, exponent.w1, exponent.w0] {
      for bit in stride(from: 63, through: 0, by: -1) {
        result = result * result
        if (limb >> UInt64(bit)) & 1 == 1 { result = result * a }
      }
    }
    return result
  }
}
