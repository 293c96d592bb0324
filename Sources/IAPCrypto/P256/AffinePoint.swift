/// A finite point (x, y) of P-256, y² = x³ - 3x + b over GF(p).
///
/// Affine points are what keys carry and what the base-point table stores: adding one to a
/// Jacobian point ("mixed addition") is cheaper than a general addition. The point at
/// infinity has no affine form, so an `AffinePoint` is always finite.
struct AffinePoint: Equatable, Sendable {
  var x: FieldElement
  var y: FieldElement

  /// The curve coefficient b (SEC 2 §2.4.2); a is -3.
  static var b: FieldElement {
    FieldElement(UInt256(0x5ac6_35d8_aa3a_93e7, 0xb3eb_bd55_7698_86bc, 0x651d_06b0_cc53_b0f6, 0x3bce_3c3e_27d2_604b))
  }

  /// The base point G, of prime order n.
  static var generator: AffinePoint {
    AffinePoint(
      x: FieldElement(UInt256(0x6b17_d1f2_e12c_4247, 0xf8bc_e6e5_63a4_40f2, 0x7703_7d81_2deb_33a0, 0xf4a1_3945_d898_c296)),
      y: FieldElement(UInt256(0x4fe3_42e2_fe1a_7f9b, 0x8ee7_eb4a_7c0f_9e16, 0x2bce_3357_6b31_5ece, 0xcbb6_4068_37bf_51f5))
    )
  }

  init(x: FieldElement, y: FieldElement) {
    self.x = x
    self.y = y
  }

  /// The point with these coordinates, or nil unless both are below p and satisfy the curve
  /// equation. P-256 has cofactor 1, so every such point is in the group of order n: this is
  /// the whole of public-key validation (SEC 1 §3.2.2.1).
  init?(x: UInt256, y: UInt256) {
    guard x < P256FieldModulus.modulus, y < P256FieldModulus.modulus else { return nil }
    self.init(x: FieldElement(x), y: FieldElement(y))
    guard isOnCurve else { return nil }
  }

  /// Whether y² = x³ - 3x + b.
  var isOnCurve: Bool {
    y.squared() == (x.squared() * x) - (x.doubled() + x) + Self.b
  }

  /// -P = (x, -y).
  var negated: AffinePoint { AffinePoint(x: x, y: -y) }
}
