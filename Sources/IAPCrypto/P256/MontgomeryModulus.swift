/// An odd modulus below 2^256 with the constants Montgomery multiplication needs.
///
/// P-256 does its arithmetic modulo two primes: the field prime p for coordinates and the
/// group order n for scalars. Both use the same Montgomery code (`ModularInteger`); a
/// conforming type names the constants, and may bring a faster product of its own. The
/// constants are computed properties returning literals rather than stored `static let`s so
/// that, once specialized, they fold into the instructions instead of going through a lazy
/// global on every multiplication.
protocol MontgomeryModulus {
  /// The modulus m, odd, with 2^255 < m < 2^256 (so any 256-bit value is below 2m).
  static var modulus: UInt256 { get }
  /// R² mod m for R = 2^256: multiplying by it enters Montgomery form.
  static var rSquared: UInt256 { get }
  /// -m⁻¹ mod 2^64, the factor that makes each reduction step clear one limb.
  static var negatedInverse: UInt64 { get }
  /// a·b·R⁻¹ mod m for a, b below m. The general one (CIOS) is the default; P-256's field
  /// prime has a faster one, as its shape makes the reduction additions and shifts.
  static func product(_ a: UInt256, _ b: UInt256) -> UInt256
}

/// The prime of P-256's field, p = 2^256 - 2^224 + 2^192 + 2^96 - 1 (SEC 2 §2.4.2).
enum P256FieldModulus: MontgomeryModulus {
  static var modulus: UInt256 {
    UInt256(0xffff_ffff_0000_0001, 0x0000_0000_0000_0000, 0x0000_0000_ffff_ffff, 0xffff_ffff_ffff_ffff)
  }
  static var rSquared: UInt256 {
    UInt256(0x0000_0004_ffff_fffd, 0xffff_ffff_ffff_fffe, 0xffff_fffb_ffff_ffff, 0x0000_0000_0000_0003)
  }
  static var negatedInverse: UInt64 { 1 }
}

/// The prime order n of P-256's base point (SEC 2 §2.4.2): scalars and signatures live here.
enum P256OrderModulus: MontgomeryModulus {
  static var modulus: UInt256 {
    UInt256(0xffff_ffff_0000_0000, 0xffff_ffff_ffff_ffff, 0xbce6_faad_a717_9e84, 0xf3b9_cac2_fc63_2551)
  }
  static var rSquared: UInt256 {
    UInt256(0x66e1_2d94_f3d9_5620, 0x2845_b239_2b6b_ec59, 0x4699_799c_49bd_6fa6, 0x8324_4c95_be79_eea2)
  }
  static var negatedInverse: UInt64 { 0xccd1_c8aa_ee00_bc4f }
}

/// An element of P-256's coordinate field GF(p).
typealias FieldElement = ModularInteger<P256FieldModulus>
/// An integer modulo the group order n.
typealias Scalar = ModularInteger<P256OrderModulus>
