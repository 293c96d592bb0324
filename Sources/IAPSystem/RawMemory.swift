#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library's searches and comparisons of raw bytes (`memchr`, `memcmp`), for the hot
/// loops that read the logs' long lines, where going a byte at a time in Swift shows.
package enum RawMemory {
  /// The offset of the first `byte` in `bytes`, or nil when there is none (`memchr`).
  package static func firstIndex(of byte: UInt8, in bytes: UnsafeRawBufferPointer) -> Int? {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
    return memchr(base, Int32(byte), bytes.count).map { UnsafeRawPointer($0) - base }
  }

  /// Whether the `count` bytes at `a` and at `b` are the same (`memcmp`).
  package static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    memcmp(a, b, count) == 0
  }
}
