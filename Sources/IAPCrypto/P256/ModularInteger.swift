/// An integer modulo `M.modulus`, kept in Montgomery form (a·R mod m, R = 2^256).
///
/// Montgomery form turns the division of a modular multiplication into shifts: the product
/// of two forms, reduced by REDC, is again in form. Values stay canonical (below m), so two
/// elements are equal exactly when their limbs are, and `Equatable` is the derived one.
/// Nothing here is constant-time: `iap` signs simulated receipts, not real payments.
struct ModularInteger<M: MontgomeryModulus>: Equatable, Sendable, CustomStringConvertible {
  /// a·R mod m.
  var montgomery: UInt256

  @inline(__always)
  init(montgomery: UInt256) { self.montgomery = montgomery }

  /// The element equal to `value`, which must already be below the modulus.
  @inline(__always)
  init(_ value: UInt256) {
    precondition(value < M.modulus, "value not reduced")
    montgomery = Self.multiply(value, M.rSquared)
  }

  /// `value mod m` for any 256-bit value: as m > 2^255, one subtraction is enough.
  init(reducing value: UInt256) {
    self.init(value < M.modulus ? value : value.subtractingReportingOverflow(M.modulus).partialValue)
  }

  static var zero: Self { Self(montgomery: .zero) }
  static var one: Self { Self(.one) }

  /// The ordinary value, below the modulus (REDC of the form by 1).
  var value: UInt256 { Self.multiply(montgomery, .one) }

  var isZero: Bool { montgomery.isZero }

  var description: String { value.description }

  @inline(__always)
  static func + (lhs: Self, rhs: Self) -> Self {
    let (sum, carry) = lhs.montgomery.addingReportingOverflow(rhs.montgomery)
    // Both are below m, so the sum is below 2m: subtract m once when it reached m.
    if carry || !(sum < M.modulus) {
      return Self(montgomery: sum.subtractingReportingOverflow(M.modulus).partialValue)
    }
    return Self(montgomery: sum)
  }

  @inline(__always)
  static func - (lhs: Self, rhs: Self) -> Self {
    let (difference, borrow) = lhs.montgomery.subtractingReportingOverflow(rhs.montgomery)
    if borrow {
      return Self(montgomery: difference.addingReportingOverflow(M.modulus).partialValue)
    }
    return Self(montgomery: difference)
  }

  @inline(__always)
  static prefix func - (operand: Self) -> Self { zero - operand }

  @inline(__always)
  static func * (lhs: Self, rhs: Self) -> Self {
    Self(montgomery: multiply(lhs.montgomery, rhs.montgomery))
  }

  @inline(__always)
  func squared() -> Self { self * self }

  /// Twice the value, by addition (cheaper than a multiplication).
  @inline(__always)
  func doubled() -> Self { self + self }

  /// Montgomery multiplication a·b·R⁻¹ mod m for a, b below m, interleaving each row of the
  /// product with one reduction step (CIOS, Koç et al. 1996). The accumulator stays below 2m,
  /// with its 257th bit in `top`, so one conditional subtraction finishes it.
  @inline(__always)
  static func multiply(_ a: UInt256, _ b: UInt256) -> UInt256 {
    var t = UInt256.zero
    var top: UInt64 = 0
    (t, top) = row(t, top, a, b.w0)
    (t, top) = row(t, top, a, b.w1)
    (t, top) = row(t, top, a, b.w2)
    (t, top) = row(t, top, a, b.w3)
    if top != 0 || !(t < M.modulus) {
      return t.subtractingReportingOverflow(M.modulus).partialValue
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

    let m = M.modulus
    let q = u0 &* M.negatedInverse
    let v0: UInt64, v1: UInt64, v2: UInt64
    (carry, _) = UInt256.multiplyAdd(m.w0, q, u0, 0)
    (carry, v0) = UInt256.multiplyAdd(m.w1, q, u1, carry)
    (carry, v1) = UInt256.multiplyAdd(m.w2, q, u2, carry)
    (carry, v2) = UInt256.multiplyAdd(m.w3, q, u3, carry)
    let (v3, carry5) = u4.addingReportingOverflow(carry)
    return (UInt256(v3, v2, v1, v0), (carry4 ? 1 : 0) &+ (carry5 ? 1 : 0))
  }
}
