import Foundation
import Testing

@testable import IAPSystem

/// `MappedFile` shows a file's bytes for one call, and nothing for what cannot be mapped.
@Suite struct MappedFileTests {
  let directory = NSTemporaryDirectory() + "iap-mapped-" + UUID().uuidString

  init() throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  @Test func theBytesAreTheFiles() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/data"
    let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    try POSIXFile.writeAtomically(path, bytes)
    let fd = try POSIXFile.open(path, .readOnly)
    defer { POSIXFile.close(fd) }
    #expect(MappedFile.withBytes(of: fd, size: bytes.count) { Array($0) } == bytes)
    #expect(MappedFile.withBytes(of: fd, size: 3) { Array($0) } == Array(bytes.prefix(3)))
  }

  @Test func aFIFOIsNotMapped() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/fifo"
    #expect(mkfifo(path, 0o600) == 0)
    let fd = try POSIXFile.open(path, [.readOnly, .nonBlocking])
    defer { POSIXFile.close(fd) }
    #expect(MappedFile.withBytes(of: fd, size: 16) { _ in true } == nil)
  }
}
