/// CRC-32 (IEEE 802.3, the polynomial zlib and PNG use): the checksum each record of the
/// state's logs carries, so that a flipped byte anywhere is found when the record is read.
///
/// Concrete byte buffers rather than any `Sequence`: a generic one is not specialized across
/// modules, and this is on the path of every command.
package enum CRC32 {
  /// The classic table, `table[n]` the checksum step of byte n, and the slicing-by-8 tables
  /// (a byte followed by k zero bytes), computed from the polynomial. `slices` (in
  /// CRC32+Tables.swift) holds the same values written out, which is what the checksums use;
  /// the tests compare the two.
  static func computedSlices() -> [UInt32] {
    var t = [UInt32](repeating: 0, count: 8 * 256)
    for n in 0..<256 {
      var c = UInt32(n)
      for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
      t[n] = c
    }
    for k in 1..<8 {
      for n in 0..<256 {
        let previous = t[(k - 1) * 256 + n]
        t[k * 256 + n] = t[Int(previous & 0xFF)] ^ (previous >> 8)
      }
    }
    return t
  }

  /// From this many bytes on, the tables for eight at a time pay for themselves.
  private static let slicingThreshold = 256

  /// The checksum of `crc`'s bytes followed by `bytes` (zlib's `crc32(crc, …)`; 0 to start).
  package static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
    var c = ~crc
    var start = 0
    if bytes.count >= slicingThreshold {
      slices.withUnsafeBufferPointer { t in
        let end = bytes.count & ~7
        while start < end {
          let low = c ^ (UInt32(bytes[start]) | UInt32(bytes[start + 1]) << 8 | UInt32(bytes[start + 2]) << 16 | UInt32(bytes[start + 3]) << 24)
          let high = UInt32(bytes[start + 4]) | UInt32(bytes[start + 5]) << 8 | UInt32(bytes[start + 6]) << 16 | UInt32(bytes[start + 7]) << 24
          c = t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
            ^ t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
            ^ t[3 * 256 + Int(high & 0xFF)] ^ t[2 * 256 + Int((high >> 8) & 0xFF)]
            ^ t[1 * 256 + Int((high >> 16) & 0xFF)] ^ t[Int(high >> 24)]
          start += 8
        }
      }
    }
    slices.withUnsafeBufferPointer { t in
      for byte in bytes[start...] { c = t[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
    }
    return ~c
  }

  /// The checksum of `bytes`.
  package static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 { bytes.withUnsafeBytes { update(0, $0) } }

  /// The checksum of `bytes`.
  package static func checksum(_ bytes: [UInt8]) -> UInt32 { bytes.withUnsafeBytes { update(0, $0) } }
}
