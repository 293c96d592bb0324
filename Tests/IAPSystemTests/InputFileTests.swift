import Foundation
import Testing

@testable import IAPSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Inputs are read from regular files and pipes only, up to a limit: `/dev/zero` would grow
/// memory without bound, and a FIFO with no writer would block for ever.
@Suite struct InputFileTests {
  let directory = NSTemporaryDirectory() + "iap-input-" + UUID().uuidString

  init() throws { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }

  func writeFile(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + name)) }

  @Test func aRegularFileIsReadWholeAndAMissingOneIsNil() throws {
    try writeFile("a.txt", "hello")
    #expect(try InputFile.read(directory + "/a.txt") == Array("hello".utf8))
    #expect(try InputFile.read(directory + "/absent") == nil)
  }

  @Test func aFileOverTheLimitIsRefusedBeforeItIsRead() throws {
    try writeFile("big.txt", String(repeating: "x", count: 100))
    #expect(throws: InputFileError.self) { try InputFile.read(directory + "/big.txt", limit: 99) }
    #expect((try? InputFile.read(directory + "/big.txt", limit: 100))??.count == 100)
  }

  @Test func devicesAndFoldersAreRefused() {
    for path in ["/dev/zero", "/dev/null", directory] {
      do {
        _ = try InputFile.read(path)
        Issue.record("\(path) was read")
      } catch {
        guard case .unusable = error else { Issue.record("\(path): \(error)"); continue }
      }
    }
  }

  @Test func aFIFOWithNoWriterReadsAsEmptyAtOnce() throws {
    let path = directory + "/fifo"
    #expect(mkfifo(path, 0o600) == 0)
    #expect(try InputFile.read(path) == [])
  }

  @Test func aStreamPastTheLimitIsRefused() throws {
    let fd = open("/dev/zero", O_RDONLY)
    defer { close(fd) }
    #expect(throws: InputFileError.self) { try InputFile.read(stream: fd, path: "zero", limit: 1 << 20) }
  }
}
