/// CRC-32 (IEEE 802.3, the polynomial zlib and PNG use): the checksum each record of the
/// state's logs carries, so that a flipped byte anywhere is found when the record is read.
///
/// Concrete byte buffers rather than any `Sequence`: a generic one is not specialized across
/// modules and cost ten times as much per byte, on the path of every command.
public enum CRC32 {
  private static let table: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }

  /// The checksum of `crc`'s bytes followed by `bytes` (zlib's `crc32(crc, …)`; 0 to start).
  public static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
    var c = ~crc
    table.withUnsafeBufferPointer { t in
      for byte in bytes { c = t[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
    }
    return ~c
  }

  /// The checksum of `bytes`.
  public static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 { bytes.withUnsafeBytes { update(0, $0) } }

  /// The checksum of `bytes`.
  public static func checksum(_ bytes: [UInt8]) -> UInt32 { bytes.withUnsafeBytes { update(0, $0) } }
}
