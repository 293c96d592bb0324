import Foundation
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `/dev/zero` as a catalog, an `--ids-from` list, receipt data or standard input would grow
/// memory without bound, and a FIFO with no writer as the catalog would block for ever.
/// Inputs are read from regular files and pipes only, up to 64 MiB.
@Suite struct InputFileTests {
  let harness = TestHarness()

  @Test func aRegularFileIsReadWholeAndAMissingOneIsNil() throws {
    harness.writeFile("a.txt", "hello")
    #expect(try InputFile.read(harness.directory + "/a.txt") == Array("hello".utf8))
    #expect(try InputFile.read(harness.directory + "/absent") == nil)
  }

  @Test func aFileOverTheLimitIsRefusedBeforeItIsRead() {
    harness.writeFile("big.txt", String(repeating: "x", count: 100))
    #expect(throws: InputFileError.self) { try InputFile.read(harness.directory + "/big.txt", limit: 99) }
    #expect((try? InputFile.read(harness.directory + "/big.txt", limit: 100))??.count == 100)
  }

  @Test func devicesAndFoldersAreRefused() {
    for path in ["/dev/zero", "/dev/null", harness.directory] {
      do {
        _ = try InputFile.read(path)
        Issue.record("\(path) was read")
      } catch {
        guard case .unusable = error else { Issue.record("\(path): \(error)"); continue }
      }
    }
  }

  @Test func aFIFOWithNoWriterReadsAsEmptyAtOnce() throws {
    let path = harness.directory + "/fifo"
    #expect(mkfifo(path, 0o600) == 0)
    #expect(try InputFile.read(path) == [])
  }

  @Test func aStreamPastTheLimitIsRefused() throws {
    let fd = open("/dev/zero", O_RDONLY)
    defer { close(fd) }
    #expect(throws: InputFileError.self) { try InputFile.read(stream: fd, path: "zero", limit: 1 << 20) }
  }

  @Test(arguments: [
    ("--catalog /dev/zero products list", Int32(66), "error: /dev/zero: is a device, not a file"),
    ("products fetch --ids-from /dev/zero", 66, "error: /dev/zero: is a device, not a file"),
    ("receipt verify --data /dev/zero", 66, "error: /dev/zero: is a device, not a file"),
    ("--catalog . products list", 66, "error: .: is a folder, not a file"),
  ])
  func commandsRefuseADeviceAsInput(_ line: String, _ status: Int32, _ message: String) {
    let result = harness.run(line)
    #expect(result.status == status)
    #expect(result.stderr == message + "\n")
  }
}
