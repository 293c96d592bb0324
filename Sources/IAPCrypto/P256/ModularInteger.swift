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

  /// Montgomery multiplication a·b·R⁻¹ mod m for a, b below m: the modulus's own product
  /// (`MontgomeryModulus.product`), general or specialised.
  @inline(__always)
  static func multiply(_ a: UInt256, _ b: UInt256) -> UInt256 { M.product(a, b) }
}
