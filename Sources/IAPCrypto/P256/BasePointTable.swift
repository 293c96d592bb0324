/// Precomputed multiples of the base point G for fast k·G, the cost of signing.
///
/// k is written in base 64 with signed digits in -31…32 (a digit above 32 becomes digit − 64
/// and carries one into the next), so k·G is the sum over its 43 digits of one table entry
/// each, negated for a negative digit: about 42 mixed additions and no doublings. Signed
/// digits halve the table a window's width would need; the wider window takes fewer
/// additions than 4-bit unsigned digits would (60). Row i holds d·64^i·G for d = 1…32, in
/// affine form: 1,376 entries (86 KiB), built once, on first use, with a single inversion.
struct BasePointTable: Sendable {
  /// Bits in a window.
  static let width = 6
  /// Windows: 43 × 6 = 258 bits, enough for any 256-bit k and the carry its recoding adds.
  static let rows = 43
  /// Entries per row: the digits' magnitudes 1…32.
  static let columns = 32

  /// The table for P-256's G, built lazily (and thread-safely) by the first signature or key.
  static let shared = BasePointTable(base: .generator)

  /// `rows × columns` entries; entry `i * columns + d - 1` is d·64^i·base.
  let entries: [AffinePoint]

  init(base: AffinePoint) {
    var points: [JacobianPoint] = []
    points.reserveCapacity(Self.rows * Self.columns)
    var rowBase = JacobianPoint(base)  // 64^i·base
    for _ in 0..<Self.rows {
      var multiple = rowBase
      points.append(multiple)
      for _ in 2...Self.columns {
        multiple = multiple + rowBase  // the first of these is B + B, which `+` doubles
        points.append(multiple)
      }
      rowBase = points[points.count - 1].doubled()  // 64·B = 2·(32·B)
    }
    entries = JacobianPoint.batchAffine(points)
  }

  /// k·base for any 256-bit k (k = 0 gives infinity). Not constant-time, like the rest.
  func multiply(_ k: UInt256) -> JacobianPoint {
    var result = JacobianPoint.infinity
    var carry = 0
    entries.withUnsafeBufferPointer { entries in
      for window in 0..<Self.rows {
        var digit = k.bits(at: window * Self.width, count: Self.width) + carry
        carry = 0
        if digit > Self.columns {
          digit -= 1 << Self.width
          carry = 1
        }
        if digit > 0 {
          result = result + entries[window * Self.columns + digit - 1]
        } else if digit < 0 {
          result = result + entries[window * Self.columns - digit - 1].negated
        }
      }
    }
    // The top window holds bits 252…255 of k plus a carry, at most 16: nothing is left over.
    return result
  }
}

extension UInt256 {
  /// `count` bits (at most 57) from bit `offset` (below 256) up; bits past the top read as
  /// zeros.
  @inline(__always)
  func bits(at offset: Int, count: Int) -> Int {
    let limb = offset >> 6
    let shift = UInt64(offset & 63)
    let limbs = (w0, w1, w2, w3)
    func word(_ i: Int) -> UInt64 {
      switch i {
      case 0: return limbs.0
      case 1: return limbs.1
      case 2: return limbs.2
      case 3: return limbs.3
      default: return 0
      }
    }
    var value = word(limb) >> shift
    if shift != 0 { value |= word(limb + 1) << (64 - shift) }
    return Int(truncatingIfNeeded: value & ((1 << UInt64(count)) - 1))
  }
}
