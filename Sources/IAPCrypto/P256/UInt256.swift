/// A 256-bit unsigned integer on four 64-bit limbs, least significant first.
///
/// The arithmetic under P-256 needs exactly this width and nothing more general: field
/// elements, scalars, and the big-endian 32-byte strings that carry them. Limbs are stored
/// fields rather than an array so values live in registers and the inner loops of scalar
/// multiplication allocate nothing. Operations are plain (wrapping) arithmetic that report
/// their carry or borrow; reduction modulo a prime is `ModularInteger`'s business.
struct UInt256: Hashable, Sendable, Comparable, CustomStringConvertible {
  var w0: UInt64
  var w1: UInt64
  var w2: UInt64
  var w3: UInt64

  /// Limbs most significant first, so constants in the source read as they are printed.
  @inline(__always)
  init(_ w3: UInt64, _ w2: UInt64, _ w1: UInt64, _ w0: UInt64) {
    self.w0 = w0
    self.w1 = w1
    self.w2 = w2
    self.w3 = w3
  }

  /// A small value.
  @inline(__always)
  init(_ value: UInt64) { self.init(0, 0, 0, value) }

  static var zero: UInt256 { UInt256(0) }
  static var one: UInt256 { UInt256(1) }

  /// The value of a big-endian byte string, or nil when it does not fit in 256 bits.
  /// Shorter strings are fine (they are left-padded), and longer ones only when the extra
  /// leading bytes are zero, as in DER integers that carry a sign byte.
  init?(bigEndian bytes: [UInt8]) {
    var start = 0
    while bytes.count - start > 32 {
      guard bytes[start] == 0 else { return nil }
      start += 1
    }
    var limbs: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    // Byte i from the end goes into limb i / 8 at bit 8 * (i % 8).
    for (offset, byte) in bytes[start...].reversed().enumerated() {
      let shifted = UInt64(byte) << (8 * UInt64(offset % 8))
      switch offset / 8 {
      case 0: limbs.0 |= shifted
      case 1: limbs.1 |= shifted
      case 2: limbs.2 |= shifted
      default: limbs.3 |= shifted
      }
    }
    self.init(limbs.3, limbs.2, limbs.1, limbs.0)
  }

  /// `bits2int` of RFC 6979 §2.3.2 for a 256-bit order: the leftmost 256 bits of a digest,
  /// as FIPS 186-4 §6.4 takes them. A shorter digest is read as a plain big-endian integer.
  init(leftmostBitsOf digest: [UInt8]) {
    self.init(bigEndian: Array(digest.prefix(32)))!
  }

  /// The value as 32 big-endian bytes (`int2octets` of RFC 6979 §2.3.3).
  var bigEndianBytes: [UInt8] {
    var out = [UInt8](repeating: 0, count: 32)
    for (index, limb) in [w3, w2, w1, w0].enumerated() {
      for byte in 0..<8 {
        out[index * 8 + byte] = UInt8(truncatingIfNeeded: limb >> (56 - 8 * UInt64(byte)))
      }
    }
    return out
  }

  var isZero: Bool { (w0 | w1 | w2 | w3) == 0 }

  /// Bits `4i ..< 4i + 4`, for `i` in `0..<64`: the digit of a fixed 4-bit window.
  @inline(__always)
  func nibble(_ i: Int) -> Int {
    let limb: UInt64
    switch i >> 4 {
    case 0: limb = w0
    case 1: limb = w1
    case 2: limb = w2
    default: limb = w3
    }
    return Int(truncatingIfNeeded: (limb >> UInt64((i & 15) * 4)) & 0xf)
  }

  /// `self + other` modulo 2^256, and whether it carried out.
  @inline(__always)
  func addingReportingOverflow(_ other: UInt256) -> (partialValue: UInt256, overflow: Bool) {
    let (s0, c0) = w0.addingReportingOverflow(other.w0)
    let (s1, c1) = Self.add(w1, other.w1, c0)
    let (s2, c2) = Self.add(w2, other.w2, c1)
    let (s3, c3) = Self.add(w3, other.w3, c2)
    return (UInt256(s3, s2, s1, s0), c3)
  }

  /// `self - other` modulo 2^256, and whether it borrowed.
  @inline(__always)
  func subtractingReportingOverflow(_ other: UInt256) -> (partialValue: UInt256, overflow: Bool) {
    let (d0, b0) = w0.subtractingReportingOverflow(other.w0)
    let (d1, b1) = Self.subtract(w1, other.w1, b0)
    let (d2, b2) = Self.subtract(w2, other.w2, b1)
    let (d3, b3) = Self.subtract(w3, other.w3, b2)
    return (UInt256(d3, d2, d1, d0), b3)
  }

  /// The full 512-bit product, schoolbook: each row adds `self * other.wi` one limb higher.
  @inline(__always)
  func multipliedFullWidth(by other: UInt256) -> (high: UInt256, low: UInt256) {
    var r: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    var c: UInt64
    // Row 0.
    (c, r.0) = Self.multiplyAdd(w0, other.w0, 0, 0)
    (c, r.1) = Self.multiplyAdd(w1, other.w0, 0, c)
    (c, r.2) = Self.multiplyAdd(w2, other.w0, 0, c)
    (r.4, r.3) = Self.multiplyAdd(w3, other.w0, 0, c)
    // Row 1.
    (c, r.1) = Self.multiplyAdd(w0, other.w1, r.1, 0)
    (c, r.2) = Self.multiplyAdd(w1, other.w1, r.2, c)
    (c, r.3) = Self.multiplyAdd(w2, other.w1, r.3, c)
    (r.5, r.4) = Self.multiplyAdd(w3, other.w1, r.4, c)
    // Row 2.
    (c, r.2) = Self.multiplyAdd(w0, other.w2, r.2, 0)
    (c, r.3) = Self.multiplyAdd(w1, other.w2, r.3, c)
    (c, r.4) = Self.multiplyAdd(w2, other.w2, r.4, c)
    (r.6, r.5) = Self.multiplyAdd(w3, other.w2, r.5, c)
    // Row 3.
    (c, r.3) = Self.multiplyAdd(w0, other.w3, r.3, 0)
    (c, r.4) = Self.multiplyAdd(w1, other.w3, r.4, c)
    (c, r.5) = Self.multiplyAdd(w2, other.w3, r.5, c)
    (r.7, r.6) = Self.multiplyAdd(w3, other.w3, r.6, c)
    return (UInt256(r.7, r.6, r.5, r.4), UInt256(r.3, r.2, r.1, r.0))
  }

  static func < (lhs: UInt256, rhs: UInt256) -> Bool {
    if lhs.w3 != rhs.w3 { return lhs.w3 < rhs.w3 }
    if lhs.w2 != rhs.w2 { return lhs.w2 < rhs.w2 }
    if lhs.w1 != rhs.w1 { return lhs.w1 < rhs.w1 }
    return lhs.w0 < rhs.w0
  }

  /// Lower-case hex, 64 digits: how the standards print these numbers.
  var description: String {
    bigEndianBytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  // MARK: Limb helpers

  /// `a * b + c + d` as (high, low). It cannot overflow: (2^64-1)^2 + 2(2^64-1) = 2^128 - 1.
  @inline(__always)
  static func multiplyAdd(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) -> (high: UInt64, low: UInt64) {
    let (high, low) = a.multipliedFullWidth(by: b)
    let (sum1, carry1) = low.addingReportingOverflow(c)
    let (sum2, carry2) = sum1.addingReportingOverflow(d)
    return (high &+ (carry1 ? 1 : 0) &+ (carry2 ? 1 : 0), sum2)
  }

  /// `a + b + carry` and the carry out.
  @inline(__always)
  static func add(_ a: UInt64, _ b: UInt64, _ carry: Bool) -> (UInt64, Bool) {
    let (sum1, carry1) = a.addingReportingOverflow(b)
    let (sum2, carry2) = sum1.addingReportingOverflow(carry ? 1 : 0)
    return (sum2, carry1 || carry2)
  }

  /// `a - b - borrow` and the borrow out.
  @inline(__always)
  static func subtract(_ a: UInt64, _ b: UInt64, _ borrow: Bool) -> (UInt64, Bool) {
    let (difference1, borrow1) = a.subtractingReportingOverflow(b)
    let (difference2, borrow2) = difference1.subtractingReportingOverflow(borrow ? 1 : 0)
    return (difference2, borrow1 || borrow2)
  }
}
