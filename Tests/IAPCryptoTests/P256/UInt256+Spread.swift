@testable import IAPCrypto

extension UInt256 {
  /// `count` values spread over all 256 bits, the same for the same seed: a 64-bit LCG
  /// (Knuth's MMIX constants), four steps a value. Tests draw their values here.
  static func spread(_ count: Int, seed: UInt64) -> [UInt256] {
    var state = seed
    return (0..<count).map { _ in
      var limbs: [UInt64] = []
      for _ in 0..<4 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        limbs.append(state)
      }
      return UInt256(limbs[0], limbs[1], limbs[2], limbs[3])
    }
  }
}
