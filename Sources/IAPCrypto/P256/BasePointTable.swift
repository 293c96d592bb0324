/// Precomputed multiples of the base point G for fast k·G, the cost of signing.
///
/// Row i holds d·16^i·G for d = 1…15, in affine form, so k·G is the sum over the 64 base-16
/// digits of k of one table entry each: at most 64 mixed additions and no doublings. The
/// 960 entries (60 KiB) are built once, on first use, with a single batched inversion.
struct BasePointTable: Sendable {
  /// Windows of 4 bits in a 256-bit scalar.
  static let rows = 64
  /// Non-zero digits per window.
  static let columns = 15

  /// The table for P-256's G, built lazily (and thread-safely) by the first signature or key.
  static let shared = BasePointTable(base: .generator)

  /// `rows × columns` entries; entry `i * columns + d - 1` is d·16^i·base.
  let entries: [AffinePoint]

  init(base: AffinePoint) {
    var points: [JacobianPoint] = []
    points.reserveCapacity(Self.rows * Self.columns)
    var rowBase = JacobianPoint(base)  // 16^i·base
    for _ in 0..<Self.rows {
      var multiple = rowBase
      points.append(multiple)
      for _ in 2...Self.columns {
        multiple = multiple + rowBase  // the first of these is B + B, which `+` doubles
        points.append(multiple)
      }
      rowBase = points[points.count - 8].doubled()  // 16·B = 2·(8·B)
    }
    entries = JacobianPoint.batchAffine(points)
  }

  /// k·base for any 256-bit k (k = 0 gives infinity). Not constant-time, like the rest.
  func multiply(_ k: UInt256) -> JacobianPoint {
    var result = JacobianPoint.infinity
    entries.withUnsafeBufferPointer { entries in
      for window in 0..<Self.rows {
        let digit = k.nibble(window)
        if digit != 0 { result = result + entries[window * Self.columns + digit - 1] }
      }
    }
    return result
  }
}
