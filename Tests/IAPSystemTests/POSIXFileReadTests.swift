import Foundation
import Testing

@testable import IAPSystem

/// `POSIXFile.read`, the package's one positioned read: whole runs at any offset, fewer bytes
/// only at the end of the file, and a failure as a `POSIXFileError`.
@Suite struct POSIXFileReadTests {
  let directory = NSTemporaryDirectory() + "iap-read-" + UUID().uuidString

  init() throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  @Test func readsWholeRunsAndStopsAtTheEnd() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/data"
    let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) }
    try POSIXFile.writeAtomically(path, bytes)
    let fd = try POSIXFile.open(path, .readOnly)
    defer { close(fd) }
    for (offset, count) in [(0, 0), (0, 1), (3, 65_536), (69_990, 10), (69_990, 100), (70_000, 5), (80_000, 5)] {
      let expected = Array(bytes.dropFirst(offset).prefix(count))
      #expect(try POSIXFile.read(fd, count: count, at: offset, path: path) == expected, "offset \(offset), count \(count)")
      var buffer = [UInt8](repeating: 0xFF, count: count + 3)
      let n = try POSIXFile.read(fd, into: &buffer, count: count, at: offset, path: path)
      #expect(n == expected.count && Array(buffer[..<n]) == expected, "offset \(offset), count \(count)")
      #expect(buffer[count...].allSatisfy { $0 == 0xFF }, "nothing past the count is written")
    }
  }

  @Test func aFailedReadNamesTheFile() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let fd = try POSIXFile.open(directory, [.readOnly, .directory], followingLinks: true)
    defer { close(fd) }
    #expect(throws: POSIXFileError(path: directory, operation: "read", code: EISDIR)) {
      try POSIXFile.read(fd, count: 4, at: 0, path: directory)
    }
  }
}
