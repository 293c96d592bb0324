#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open file's bytes mapped into memory (`mmap`, read-only and private) for the length
/// of one call: a large file read in a few places costs the pages touched, not a copy.
package enum MappedFile {
  /// `body` over the first `size` bytes of the open file `fd`, mapped; nil when they cannot
  /// be mapped (a FIFO, say). The mapping ends when `body` returns.
  package static func withBytes<T>(of fd: Int32, size: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T?) -> T? {
    guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else { return nil }
    defer { munmap(base, size) }
    return body(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: size))
  }
}
