/// The HMAC-SHA256 generator of RFC 6979 §3.2 that turns seed material into candidate
/// scalars in 1…n-1.
///
/// RFC 6979 seeds it with `int2octets(x) || bits2octets(h1)` to derive a signature's nonce k;
/// `P256.PrivateKey(seed:)` seeds it with arbitrary bytes to derive a key, so both rules are
/// the same deterministic procedure. With hlen = qlen = 256 each candidate is one HMAC block.
struct HMACDRBG {
  /// K, with its pads hashed: each K serves two MACs.
  private var key: SHA256.HMACKey
  private var v: [UInt8]
  private var started = false

  /// The first K, 0x00…: the same for every signature.
  private static let zeroKey = SHA256.HMACKey([UInt8](repeating: 0x00, count: 32))

  /// Steps b–f: K = 0x00…, V = 0x01…, then two rounds of K = HMAC(K, V || b || seed),
  /// V = HMAC(K, V), with b = 0x00 and then 0x01.
  init(seed: [UInt8]) {
    v = [UInt8](repeating: 0x01, count: 32)
    key = SHA256.HMACKey(Self.zeroKey.mac(Self.joined(v, 0x00, seed)))
    v = key.mac(v)
    key = SHA256.HMACKey(key.mac(Self.joined(v, 0x01, seed)))
    v = key.mac(v)
  }

  /// Step h: the next candidate, skipping any outside 1…n-1. Before every candidate but the
  /// first the state moves on with K = HMAC(K, V || 0x00), V = HMAC(K, V), as h.3 does after
  /// a rejected candidate and as §3.4 asks when a k gave r = 0 or s = 0.
  mutating func nextScalar() -> UInt256 {
    while true {
      if started {
        key = SHA256.HMACKey(key.mac(Self.joined(v, 0x00, [])))
        v = key.mac(v)
      }
      started = true
      v = key.mac(v)
      let candidate = UInt256(leftmostBitsOf: v)  // bits2int(T), T = V as qlen = hlen
      if !candidate.isZero, candidate < P256OrderModulus.modulus { return candidate }
    }
  }

  /// `v || separator || seed`, made in one allocation.
  private static func joined(_ v: [UInt8], _ separator: UInt8, _ seed: [UInt8]) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(v.count + 1 + seed.count)
    bytes += v
    bytes.append(separator)
    bytes += seed
    return bytes
  }
}
