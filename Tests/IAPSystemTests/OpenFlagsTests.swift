import Foundation
import Testing

@testable import IAPSystem

/// `OpenFlags` are `open(2)`'s flags: an access mode and options, each doing what its C
/// flag does.
@Suite struct OpenFlagsTests {
  let directory = NSTemporaryDirectory() + "iap-flags-" + UUID().uuidString

  init() throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  @Test func theAccessModeSaysWhetherItWrites() {
    #expect(OpenFlags.readOnly.isEmpty && !OpenFlags.readOnly.writes)
    #expect(OpenFlags.writeOnly.writes && OpenFlags.readWrite.writes)
    #expect(OpenFlags([.writeOnly, .create, .exclusive]).rawValue == O_WRONLY | O_CREAT | O_EXCL)
  }

  @Test func exclusiveCreationRefusesATakenName() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/once"
    let fd = try POSIXFile.open(path, [.writeOnly, .create, .exclusive])
    POSIXFile.close(fd)
    #expect(throws: POSIXFileError(path: path, operation: "open", errno: .fileExists)) {
      _ = try POSIXFile.open(path, [.writeOnly, .create, .exclusive])
    }
  }

  @Test func appendWritesAtTheEnd() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/log"
    try POSIXFile.writeAtomically(path, Array("one\n".utf8))
    let fd = try POSIXFile.open(path, [.writeOnly, .append])
    defer { POSIXFile.close(fd) }
    _ = "two\n".utf8CString.withUnsafeBytes { write(fd, $0.baseAddress!, 4) }
    #expect(try POSIXFile.readIfExists(path) == Array("one\ntwo\n".utf8))
  }
}
