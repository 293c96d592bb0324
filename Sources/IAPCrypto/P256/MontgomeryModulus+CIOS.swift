/// The general Montgomery product, for any modulus that has no faster one of its own.
extension MontgomeryModulus {
  /// Montgomery multiplication a·b·R⁻¹ mod m for a, b below m, interleaving each row of the
  /// product with one reduction step (CIOS, Koç et al. 1996). The accumulator stays below 2m,
  /// with its 257th bit in `top`, so one conditional subtraction finishes it.
  @inline(__always)
  static func product(_ a: UInt256, _ b: UInt256) -> UInt256 {
    var t = UInt256.zero
    var top: UInt64 = 0
    (t, top) = row(t, top, a, b.w0)
    (t, top) = row(t, top, a, b.w1)
    (t, top) = row(t, top, a, b.w2)
    (t, top) = row(t, top, a, b.w3)
    if top != 0 || !(t < modulus) {
      return t.subtractingReportingOverflow(modulus).partialValue
    }
    return t
  }

  /// One CIOS row: (t + a·word + q·m) / 2^64, where q = (t + a·word)·(-m⁻¹) mod 2^64 makes
  /// the lowest limb zero so the division is a one-limb shift.
  @inline(__always)
  private static func row(_ t: UInt256, _ top: UInt64, _ a: UInt256, _ word: UInt64) -> (UInt256, UInt64) {
    var carry: UInt64
    let u0: UInt64, u1: UInt64, u2: UInt64, u3: UInt64
    (carry, u0) = UInt256.multiplyAdd(a.w0, word, t.w0, 0)
    (carry, u1) = UInt256.multiplyAdd(a.w1, word, t.w1, carry)
    (carry, u2) = UInt256.multiplyAdd(a.w2, word, t.w2, carry)
    (carry, u3) = UInt256.multiplyAdd(a.w3, word, t.w3, carry)
    let (u4, carry4) = top.addingReportingOverflow(carry)

    let m = modulus
    let q = u0 &* negatedInverse
    let v0: UInt64, v1: UInt64, v2: UInt64
    (carry, _) = UInt256.multiplyAdd(m.w0, q, u0, 0)
    (carry, v0) = UInt256.multiplyAdd(m.w1, q, u1, carry)
    (carry, v1) = UInt256.multiplyAdd(m.w2, q, u2, carry)
    (carry, v2) = UInt256.multiplyAdd(m.w3, q, u3, carry)
    let (v3, carry5) = u4.addingReportingOverflow(carry)
    return (UInt256(v3, v2, v1, v0), (carry4 ? 1 : 0) &+ (carry5 ? 1 : 0))
  }
}
