import Foundation
import Testing

@testable import IAPStorage

/// The seal in the lock file, as bytes: read back as written, and no seal when its checksum
/// fails.
@Suite struct LogSealFileTests {
  let temporary = TemporaryFolder()

  @Test func theSealReadsBackWhatWasWrittenAndRefusesGarbage() throws {
    let path = temporary.directory + "/seal"
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    let fd = open(path, O_RDWR)
    defer { close(fd) }
    let seal = LogSeal(
      transactions: .init(inode: 12, size: 3456, changeSeconds: 1_790_000_000, changeNanoseconds: 999_999_999), notifications: nil,
      nextId: 42)
    seal.write(fd)
    #expect(LogSeal.read(fd) == seal)
    var bytes = try #require(FileManager.default.contents(atPath: path))
    bytes[20] = bytes[20] == UInt8(ascii: "1") ? UInt8(ascii: "2") : UInt8(ascii: "1")
    try bytes.write(to: URL(fileURLWithPath: path))
    #expect(LogSeal.read(fd) == nil, "a seal whose checksum fails is no seal")
  }
}
