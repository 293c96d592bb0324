/// SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104) over bytes.
///
/// Foundation has no SHA-256 on Linux and `iap` takes no package dependencies, so receipts
/// and `jwsRepresentation` tokens are signed with this. Input is hashed in place, 64 bytes at
/// a time, with no allocation per block, so megabytes cost milliseconds.
package struct SHA256: Sendable {
  /// Bytes in a digest.
  package static let digestSize = 32
  /// Bytes in a block; HMAC pads its key to this.
  package static let blockSize = 64

  /// The eight working words, a to h.
  private typealias State = (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)
  private var state: State = (
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
  )
  /// A partial block waiting for more input (fewer than 64 bytes).
  private var pending: [UInt8] = []
  /// Total message length in bytes.
  private var length: UInt64 = 0

  package init() { pending.reserveCapacity(Self.blockSize) }

  /// The digest of `bytes`.
  package static func hash(_ bytes: [UInt8]) -> [UInt8] {
    var hasher = SHA256()
    hasher.update(bytes)
    return hasher.finalize()
  }

  /// HMAC-SHA256 of `message` under `key` (RFC 2104): keys longer than a block are hashed first.
  package static func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
    HMACKey(key).mac(message)
  }

  /// An HMAC key made ready: the hash states once its inner and outer pads are hashed, so
  /// that each MAC under the key hashes its message and no more. RFC 6979 MACs twice under
  /// each key it makes (`HMACDRBG`): two compressions of 64 bytes saved each time.
  package struct HMACKey: Sendable {
    private var inner = SHA256()
    private var outer = SHA256()

    package init(_ key: [UInt8]) {
      let key = key.count > blockSize ? hash(key) : key
      // The key padded with zeros, XORed with ipad (0x36), then turned into opad (0x5c) in place.
      var pad = [UInt8](repeating: 0x36, count: blockSize)
      for index in key.indices { pad[index] ^= key[index] }
      inner.update(pad)
      for index in pad.indices { pad[index] ^= 0x36 ^ 0x5c }
      outer.update(pad)
    }

    /// HMAC-SHA256 of `message` under this key.
    package func mac(_ message: [UInt8]) -> [UInt8] {
      var inner = inner
      inner.update(message)
      var outer = outer
      outer.update(inner.finalize())
      return outer.finalize()
    }
  }

  /// Adds bytes to the message.
  package mutating func update(_ bytes: [UInt8]) {
    length &+= UInt64(bytes.count)
    bytes.withUnsafeBufferPointer { input in
      var offset = 0
      if !pending.isEmpty {
        let take = min(Self.blockSize - pending.count, input.count)
        pending.append(contentsOf: input[0..<take])
        offset = take
        guard pending.count == Self.blockSize else { return }
        pending.withUnsafeBufferPointer { Self.compress(&state, $0.baseAddress!) }
        pending.removeAll(keepingCapacity: true)
      }
      while input.count - offset >= Self.blockSize {
        Self.compress(&state, input.baseAddress! + offset)
        offset += Self.blockSize
      }
      if offset < input.count { pending.append(contentsOf: input[offset...]) }
    }
  }

  /// Pads the message (a 1 bit, zeros, the bit length) and returns the 32-byte digest.
  package mutating func finalize() -> [UInt8] {
    let bitLength = length &* 8
    // The pending bytes, 0x80, zeros and the 64-bit length: one block, or two when fewer than
    // nine bytes are left in the first.
    let blocks = pending.count + 9 > Self.blockSize ? 2 : 1
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * Self.blockSize) { tail in
      tail.initialize(repeating: 0)
      for (index, byte) in pending.enumerated() { tail[index] = byte }
      tail[pending.count] = 0x80
      let end = blocks * Self.blockSize
      for index in 0..<8 { tail[end - 1 - index] = UInt8(truncatingIfNeeded: bitLength >> UInt64(8 * index)) }
      for block in 0..<blocks { Self.compress(&state, UnsafePointer(tail.baseAddress! + block * Self.blockSize)) }
    }
    pending.removeAll()
    return [UInt8](unsafeUninitializedCapacity: Self.digestSize) { digest, count in
      withUnsafeBytes(of: state) { words in
        for index in 0..<8 {
          let word = words.load(fromByteOffset: 4 * index, as: UInt32.self)
          for byte in 0..<4 { digest[4 * index + byte] = UInt8(truncatingIfNeeded: word >> UInt32(24 - 8 * byte)) }
        }
      }
      count = Self.digestSize
    }
  }

  /// The round constants: the first 32 bits of the fractional parts of the cube roots of the
  /// first 64 primes.
  private static let k: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]

  /// Mixes one 64-byte block into the state (FIPS 180-4 §6.2.2).
  private static func compress(_ state: inout State, _ block: UnsafePointer<UInt8>) {
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
      for t in 0..<16 {
        let p = block + t * 4
        w[t] = UInt32(p[0]) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | UInt32(p[3])
      }
      for t in 16..<64 {
        let s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
        let s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
        w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
      }
      var (a, b, c, d, e, f, g, h) = state
      // Eight rounds a pass, each naming the working words where the previous one left them,
      // so that no round moves seven words along as the standard's loop writes it.
      Self.k.withUnsafeBufferPointer { k in
        for t in stride(from: 0, to: 64, by: 8) {
          round(a, b, c, &d, e, f, g, &h, k[t] &+ w[t])
          round(h, a, b, &c, d, e, f, &g, k[t + 1] &+ w[t + 1])
          round(g, h, a, &b, c, d, e, &f, k[t + 2] &+ w[t + 2])
          round(f, g, h, &a, b, c, d, &e, k[t + 3] &+ w[t + 3])
          round(e, f, g, &h, a, b, c, &d, k[t + 4] &+ w[t + 4])
          round(d, e, f, &g, h, a, b, &c, k[t + 5] &+ w[t + 5])
          round(c, d, e, &f, g, h, a, &b, k[t + 6] &+ w[t + 6])
          round(b, c, d, &e, f, g, h, &a, k[t + 7] &+ w[t + 7])
        }
      }
      state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
    }
  }
}

/// One round of FIPS 180-4 §6.2.2 step 3, with `kw` = K[t] + W[t]: d takes e's new value
/// and h takes a's; the caller renames the others.
@inline(__always) private func round(
  _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
  _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ kw: UInt32
) {
  let t1 = h &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ (g ^ (e & (f ^ g))) &+ kw
  let t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ ((a & b) ^ (c & (a ^ b)))
  d = d &+ t1
  h = t1 &+ t2
}

/// Rotates right by `n` bits.
@inline(__always) private func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 {
  (x >> n) | (x << (32 - n))
}
