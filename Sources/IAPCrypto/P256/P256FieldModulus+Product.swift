/// The Montgomery product modulo P-256's field prime, its reduction made of additions and
/// shifts.
///
/// p = 2^256 - 2^224 + 2^192 + 2^96 - 1 has limbs (2^64 - 1, 2^32 - 1, 0, 2^64 - 2^32 + 1),
/// least significant first, and -p⁻¹ ≡ 1 (mod 2^64). So the factor that clears a limb u is
/// u itself, and adding u·p is: u·(2^64 - 1) + u = u·2^64 (a carry of u, the limb cleared),
/// then u·(2^32 - 1) + u = u·2^32 one limb up (a shift), nothing two limbs up, and one
/// multiplication by the top limb. The general product (CIOS) multiplies by every limb of
/// the modulus; this does less, and a signature makes some 650 products.
extension P256FieldModulus {
  @inline(__always)
  static func product(_ a: UInt256, _ b: UInt256) -> UInt256 {
    // T = a·b = H·2^256 + L, below p² < p·2^256. REDC(T) = H + REDC(L), where H < p and
    // REDC(L) = (L + m·p) / 2^256 < p + 1: one conditional subtraction finishes the sum.
    let (high, low) = a.multipliedFullWidth(by: b)
    var u = (low.w0, low.w1, low.w2, low.w3, UInt64(0))
    u = reductionStep(u)
    u = reductionStep(u)
    u = reductionStep(u)
    u = reductionStep(u)
    let (sum, carry) = UInt256(u.3, u.2, u.1, u.0).addingReportingOverflow(high)
    if carry || u.4 != 0 || !(sum < modulus) {
      return sum.subtractingReportingOverflow(modulus).partialValue
    }
    return sum
  }

  /// (u + u₀·p) / 2^64 over a window of five limbs, the lowest first: the lowest limb is
  /// cleared and dropped, and the fifth takes the carry.
  @inline(__always)
  private static func reductionStep(_ u: (UInt64, UInt64, UInt64, UInt64, UInt64)) -> (UInt64, UInt64, UInt64, UInt64, UInt64) {
    let q = u.0
    let (v0, c0) = u.1.addingReportingOverflow(q << 32)
    let (v1, c1) = UInt256.add(u.2, q >> 32, c0)
    let (high, low) = q.multipliedFullWidth(by: 0xffff_ffff_0000_0001)
    let (v2, c2) = UInt256.add(u.3, low, c1)
    let (v3, c3) = UInt256.add(u.4, high, c2)
    return (v0, v1, v2, v3, c3 ? 1 : 0)
  }
}
