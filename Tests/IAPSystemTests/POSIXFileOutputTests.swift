import Foundation
import Testing

@testable import IAPSystem

@Suite struct POSIXFileOutputTests {
  let directory = NSTemporaryDirectory() + "iap-output-" + UUID().uuidString

  init() throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  func entries() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted() }

  @Test func writesAndReplacesWithoutLeavingTemporaryFiles() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/out.plist"
    try POSIXFile.writeAtomically(path, Array("first".utf8))
    try POSIXFile.writeAtomically(path, Array("second".utf8))
    #expect(try POSIXFile.readIfExists(path) == Array("second".utf8))
    #expect(entries() == ["out.plist"])
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode.map { $0 & 0o600 } == 0o600, "an ordinary, readable file (0666 less the umask)")
  }

  /// `readAll` reads into storage sized by `fstat`: files of every size around its
  /// boundaries (and its 64 KB chunks), from any offset, come back whole.
  @Test func readsWholeFilesOfAnySizeFromAnyOffset() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/data"
    for size in [0, 1, 4095, 65_536, 65_537, 200_000] {
      let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
      try POSIXFile.writeAtomically(path, bytes)
      let fd = try POSIXFile.open(path, .readOnly)
      defer { close(fd) }
      for offset in [0, 1, size / 2, size, size + 10] {
        #expect(try POSIXFile.readAll(fd, path: path, from: offset) == Array(bytes.dropFirst(offset)), "size \(size), offset \(offset)")
      }
    }
  }

  @Test func reportsAFolderThatDoesNotExist() {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(throws: POSIXFileError.self) { try POSIXFile.writeAtomically(directory + "/no/out.plist", [1]) }
    #expect(entries() == [])
  }

  @Test func recognizesTheSameFileThroughLinks() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let a = directory + "/a", b = directory + "/b"
    try POSIXFile.writeAtomically(a, [1])
    try POSIXFile.writeAtomically(b, [1])
    try FileManager.default.createSymbolicLink(atPath: directory + "/link", withDestinationPath: a)
    #expect(POSIXFile.sameFile(a, directory + "/link"))
    #expect(POSIXFile.sameFile(a, directory + "/./a"))
    #expect(!POSIXFile.sameFile(a, b))
    #expect(!POSIXFile.sameFile(a, directory + "/missing"))
  }
}
