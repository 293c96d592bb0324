/// A point of P-256 in Jacobian coordinates: (X, Y, Z) stands for (X/Z², Y/Z³).
///
/// Projective coordinates put off the one field inversion a point operation would need until
/// the very end of a scalar multiplication. Z = 0 is the point at infinity, the group's
/// identity, so it needs no separate case in storage. The formulas are the a = -3 ones from
/// the Explicit-Formulas Database (hyperelliptic.org/EFD/g1p/auto-shortw-jacobian-3.html).
struct JacobianPoint: Sendable {
  var x: FieldElement
  var y: FieldElement
  var z: FieldElement

  init(x: FieldElement, y: FieldElement, z: FieldElement) {
    self.x = x
    self.y = y
    self.z = z
  }

  /// The finite point `point` (Z = 1).
  init(_ point: AffinePoint) {
    self.init(x: point.x, y: point.y, z: .one)
  }

  /// The identity, (1, 1, 0).
  static var infinity: JacobianPoint { JacobianPoint(x: .one, y: .one, z: .zero) }

  var isInfinity: Bool { z.isZero }

  /// 2P, "dbl-2001-b" (3M + 5S). Infinity doubles to infinity through the formula itself
  /// (Z3 = (Y+0)² - Y² - 0 = 0); P-256 has no point of order 2, so no finite point does.
  func doubled() -> JacobianPoint {
    let delta = z.squared()
    let gamma = y.squared()
    let beta = x * gamma
    let t = (x - delta) * (x + delta)
    let alpha = t.doubled() + t
    let beta4 = beta.doubled().doubled()
    let x3 = alpha.squared() - beta4.doubled()
    let z3 = (y + z).squared() - gamma - delta
    let gamma2 = gamma.squared()
    let y3 = alpha * (beta4 - x3) - gamma2.doubled().doubled().doubled()
    return JacobianPoint(x: x3, y: y3, z: z3)
  }

  /// P + Q for any two points, "add-1998-cmo-2" (12M + 4S). The formula breaks down when the
  /// points share an x coordinate (H = 0), so that case is decided here: P + P is a doubling
  /// and P + (-P) is infinity.
  static func + (p: JacobianPoint, q: JacobianPoint) -> JacobianPoint {
    if p.isInfinity { return q }
    if q.isInfinity { return p }
    let z1z1 = p.z.squared()
    let z2z2 = q.z.squared()
    let u1 = p.x * z2z2
    let u2 = q.x * z1z1
    let s1 = p.y * q.z * z2z2
    let s2 = q.y * p.z * z1z1
    let h = u2 - u1
    let r = s2 - s1
    if h.isZero { return r.isZero ? p.doubled() : .infinity }
    let hh = h.squared()
    let hhh = h * hh
    let v = u1 * hh
    let x3 = r.squared() - hhh - v.doubled()
    let y3 = r * (v - x3) - s1 * hhh
    let z3 = p.z * q.z * h
    return JacobianPoint(x: x3, y: y3, z: z3)
  }

  /// P + Q for an affine Q, "madd" with Z2 = 1 (8M + 3S), with the same special cases.
  static func + (p: JacobianPoint, q: AffinePoint) -> JacobianPoint {
    if p.isInfinity { return JacobianPoint(q) }
    let z1z1 = p.z.squared()
    let u2 = q.x * z1z1
    let s2 = q.y * p.z * z1z1
    let h = u2 - p.x
    let r = s2 - p.y
    if h.isZero { return r.isZero ? p.doubled() : .infinity }
    let hh = h.squared()
    let hhh = h * hh
    let v = p.x * hh
    let x3 = r.squared() - hhh - v.doubled()
    let y3 = r * (v - x3) - p.y * hhh
    let z3 = p.z * h
    return JacobianPoint(x: x3, y: y3, z: z3)
  }

  /// -P = (X, -Y, Z).
  var negated: JacobianPoint { JacobianPoint(x: x, y: -y, z: z) }

  /// The affine point, or nil for infinity. Costs one field inversion.
  var affine: AffinePoint? {
    if isInfinity { return nil }
    let zInverse = z.inverse()
    let zInverse2 = zInverse.squared()
    return AffinePoint(x: x * zInverse2, y: y * zInverse2 * zInverse)
  }

  /// Whether two points are the same group element: X1·Z2² = X2·Z1² and Y1·Z2³ = Y2·Z1³.
  func isEqual(to other: JacobianPoint) -> Bool {
    if isInfinity || other.isInfinity { return isInfinity && other.isInfinity }
    let z1z1 = z.squared()
    let z2z2 = other.z.squared()
    return x * z2z2 == other.x * z1z1 && y * z2z2 * other.z == other.y * z1z1 * z
  }

  /// Affine forms of many finite points with a single inversion (Montgomery's trick): invert
  /// the product of all Zs, then peel each inverse off with two multiplications.
  static func batchAffine(_ points: [JacobianPoint]) -> [AffinePoint] {
    guard !points.isEmpty else { return [] }
    var prefix = [FieldElement](repeating: .one, count: points.count)
    var running = FieldElement.one
    for (index, point) in points.enumerated() {
      precondition(!point.isInfinity, "infinity has no affine form")
      prefix[index] = running  // product of the Zs before this one
      running = running * point.z
    }
    var inverse = running.inverse()  // 1 / (Z0·…·Zk)
    var result = [AffinePoint](repeating: AffinePoint(x: .zero, y: .zero), count: points.count)
    for index in stride(from: points.count - 1, through: 0, by: -1) {
      let zInverse = inverse * prefix[index]
      inverse = inverse * points[index].z
      let zInverse2 = zInverse.squared()
      result[index] = AffinePoint(x: points[index].x * zInverse2, y: points[index].y * zInverse2 * zInverse)
    }
    return result
  }

  /// k·P for any point P and any 256-bit k, left to right over 4-bit windows: 256 doublings
  /// and at most 64 additions of a precomputed multiple 1·P … 15·P.
  func multiplied(by k: UInt256) -> JacobianPoint {
    var table = [JacobianPoint](repeating: .infinity, count: 16)
    table[1] = self
    table[2] = doubled()
    for i in 3..<16 { table[i] = table[i - 1] + self }
    var result = JacobianPoint.infinity
    for window in stride(from: 63, through: 0, by: -1) {
      if !result.isInfinity { result = result.doubled().doubled().doubled().doubled() }
      let digit = k.nibble(window)
      if digit != 0 { result = result + table[digit] }
    }
    return result
  }
}
