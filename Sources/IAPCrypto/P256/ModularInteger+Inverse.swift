/// Inversion modulo a prime by the binary extended Euclidean algorithm.
///
/// Fermat's a^(m-2) costs some 320 Montgomery multiplications; the binary algorithm costs
/// halvings and subtractions of four limbs, far cheaper, and a signature takes two
/// inversions (the point's x, then k⁻¹).
/// The algorithm's time depends on its input, like everything else here: `iap` signs
/// simulated receipts, not real payments.
extension ModularInteger {
  /// The multiplicative inverse. Zero has none and maps to zero; callers rule it out first.
  ///
  /// Hankerson, Menezes and Vanstone, "Guide to Elliptic Curve Cryptography", algorithm 2.22,
  /// run on the integer A = a·R that this element's form holds: x1 and x2 are elements with
  /// x1·A ≡ u and x2·A ≡ v (mod m), and gcd(u, v) = gcd(A, m) = 1, so one of u and v reaches
  /// 1. The x then found is A⁻¹ = a⁻¹·R⁻¹, and one product by R makes it a⁻¹.
  func inverse() -> Self {
    guard !isZero else { return .zero }
    var u = montgomery, v = M.modulus
    var x1 = Self.one, x2 = Self.zero
    while u != .one && v != .one {
      while u.w0 & 1 == 0 {
        u = u.halved(carry: false)
        x1 = x1.halved()
      }
      while v.w0 & 1 == 0 {
        v = v.halved(carry: false)
        x2 = x2.halved()
      }
      if u < v {
        v = v.subtractingReportingOverflow(u).partialValue
        x2 = x2 - x1
      } else {
        u = u.subtractingReportingOverflow(v).partialValue
        x1 = x1 - x2
      }
    }
    // The element whose form is R² is R itself.
    return (u == .one ? x1 : x2) * Self(montgomery: M.rSquared)
  }

  /// Half the element, x/2 mod m. Halving a form halves the value (R is a constant factor):
  /// the form itself when it is even, else (form + m)/2, whose 257th bit is the carry.
  @inline(__always)
  func halved() -> Self {
    if montgomery.w0 & 1 == 0 { return Self(montgomery: montgomery.halved(carry: false)) }
    let (sum, carry) = montgomery.addingReportingOverflow(M.modulus)
    return Self(montgomery: sum.halved(carry: carry))
  }
}

extension UInt256 {
  /// `self >> 1`, with `carry` shifted in as the top bit (the 257th bit of a sum).
  @inline(__always)
  func halved(carry: Bool) -> UInt256 {
    UInt256((w3 >> 1) | (carry ? 1 << 63 : 0), (w2 >> 1) | (w3 << 63), (w1 >> 1) | (w2 << 63), (w0 >> 1) | (w1 << 63))
  }
}
