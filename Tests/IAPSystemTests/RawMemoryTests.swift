import Testing

@testable import IAPSystem

/// `RawMemory` finds a byte and compares runs as `memchr` and `memcmp` do.
@Suite struct RawMemoryTests {
  @Test func findsTheFirstByteOrNone() {
    let bytes: [UInt8] = Array("ab\ncd\n".utf8)
    bytes.withUnsafeBytes { all in
      #expect(RawMemory.firstIndex(of: 0x0A, in: all) == 2)
      #expect(RawMemory.firstIndex(of: 0x0A, in: UnsafeRawBufferPointer(rebasing: all[3...])) == 2)
      #expect(RawMemory.firstIndex(of: 0x0A, in: UnsafeRawBufferPointer(rebasing: all[3..<5])) == nil)
      #expect(RawMemory.firstIndex(of: 0x0A, in: UnsafeRawBufferPointer(rebasing: all[2..<2])) == nil)
    }
  }

  @Test func comparesRuns() {
    let a: [UInt8] = Array("event".utf8), b: [UInt8] = Array("eventual".utf8), c: [UInt8] = Array("evict".utf8)
    a.withUnsafeBytes { a in
      b.withUnsafeBytes { b in #expect(RawMemory.equal(a.baseAddress!, b.baseAddress!, count: 5)) }
      c.withUnsafeBytes { c in
        #expect(!RawMemory.equal(a.baseAddress!, c.baseAddress!, count: 5))
        #expect(RawMemory.equal(a.baseAddress!, c.baseAddress!, count: 2))
      }
    }
  }
}
