/// Inversion modulo a prime by the binary extended Euclidean algorithm.
///
/// Fermat's a^(m-2) costs about 320 Montgomery multiplications; the binary algorithm costs
/// about 770 halvings and subtractions of four limbs, a tenth of the instructions. A
/// signature takes two inversions (the point's x, then k⁻¹), so they were about half of it.
/// The algorithm's time depends on its input, like everything else here: `iap` signs
/// simulated receipts, not real payments.
extension ModularInteger {
  /// The multiplicative inverse. Zero has none and maps to zero; callers rule it out first.
  func inverse() -> Self {
    guard !isZero else { return .zero }
    // The form a·R inverts to a⁻¹·R⁻¹; two Montgomery multiplications by R² make it a⁻¹·R.
    let inverted = Self.binaryInverse(montgomery)
    return Self(montgomery: Self.multiply(Self.multiply(inverted, M.rSquared), M.rSquared))
  }

  /// a⁻¹ mod m for 0 < a < m (Hankerson, Menezes and Vanstone, "Guide to Elliptic Curve
  /// Cryptography", algorithm 2.22). Invariants: x1·a ≡ u and x2·a ≡ v (mod m), and
  /// gcd(u, v) = gcd(a, m) = 1, so one of u and v reaches 1.
  static func binaryInverse(_ a: UInt256) -> UInt256 {
    var u = a, v = M.modulus
    var x1 = UInt256.one, x2 = UInt256.zero
    while u != .one && v != .one {
      while u.w0 & 1 == 0 {
        u = u.halved(carry: false)
        x1 = halvedModulo(x1)
      }
      while v.w0 & 1 == 0 {
        v = v.halved(carry: false)
        x2 = halvedModulo(x2)
      }
      if u < v {
        v = v.subtractingReportingOverflow(u).partialValue
        x2 = subtractedModulo(x2, x1)
      } else {
        u = u.subtractingReportingOverflow(v).partialValue
        x1 = subtractedModulo(x1, x2)
      }
    }
    return u == .one ? x1 : x2
  }

  /// x/2 mod m for x < m: x/2 when x is even, else (x + m)/2, whose 257th bit is the carry.
  @inline(__always)
  private static func halvedModulo(_ x: UInt256) -> UInt256 {
    if x.w0 & 1 == 0 { return x.halved(carry: false) }
    let (sum, carry) = x.addingReportingOverflow(M.modulus)
    return sum.halved(carry: carry)
  }

  /// x - y mod m for x, y < m.
  @inline(__always)
  private static func subtractedModulo(_ x: UInt256, _ y: UInt256) -> UInt256 {
    let (difference, borrow) = x.subtractingReportingOverflow(y)
    return borrow ? difference.addingReportingOverflow(M.modulus).partialValue : difference
  }
}

extension UInt256 {
  /// `self >> 1`, with `carry` shifted in as the top bit (the 257th bit of a sum).
  @inline(__always)
  func halved(carry: Bool) -> UInt256 {
    UInt256((w3 >> 1) | (carry ? 1 << 63 : 0), (w2 >> 1) | (w3 << 63), (w1 >> 1) | (w2 << 63), (w0 >> 1) | (w1 << 63))
  }
}
