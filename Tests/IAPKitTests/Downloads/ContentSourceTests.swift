import Foundation
import IAPCatalog
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPKit
@testable import IAPCrypto

@Suite struct ContentSourceTests {
  let harness = TestHarness(catalog: nil)

  func open(_ content: String, state: String = ".iap") throws(IAPError) -> ContentSource {
    try ContentSource.open(
      catalogFolder: harness.directory, shownFolder: "", content: content, productId: "levels",
      stateFolder: harness.directory + "/" + state)
  }

  func error(_ content: String, state: String = ".iap") -> IAPError? {
    do {
      _ = try open(content, state: state)
      return nil
    } catch {
      return error
    }
  }

  @Test func aFolderIsWalkedDepthFirstWithSizesAndDigests() throws {
    harness.writeLevels(size: 1000)
    let source = try open("content/levels")
    #expect(!source.isFile)
    #expect(source.entries.map(\.path) == ["a.txt", "big.bin", "empty", "sub", "sub/b.txt", "zero"])
    #expect(source.entries.filter(\.isDirectory).map(\.path) == ["empty", "sub"])
    let hello = source.entries[0]
    #expect(hello.size == 6)
    #expect(hello.sha256 == "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03")
    #expect(source.entries[1].sha256 == FileDigest.hex(SHA256.hash(TestHarness.pattern(1000))))
    #expect(source.entries.count == 6)
    guard source.entries.count == 6 else { return }
    #expect(source.sourcePath(of: source.entries[4]) == harness.directory + "/content/levels/sub/b.txt")
  }

  @Test func aFileIsDownloadedUnderItsName() throws {
    harness.write("content/map.bin", bytes: TestHarness.pattern(10))
    let source = try open("content/map.bin")
    #expect(source.isFile)
    #expect(source.entries.map(\.path) == ["map.bin"])
    #expect(source.sourcePath(of: source.entries[0]) == harness.directory + "/content/map.bin")
  }

  @Test func linksAreRefusedWhereverTheyAre() {
    harness.writeLevels(size: 10)
    harness.link("content/levels/passwd", to: "/etc/passwd")
    #expect(error("content/levels") == .catalog(.inputInvalid(path: "content/levels/passwd", reason: "is a symbolic link: links in hosted content are refused")))
    harness.link("alias", to: "content/levels")
    #expect(error("alias") == .catalog(.inputInvalid(path: "alias", reason: "is a symbolic link: links in hosted content are refused")))
    harness.link("outside", to: "/etc")
    #expect(error("outside/passwd") == .catalog(.inputInvalid(path: "outside", reason: "is a symbolic link: links in hosted content are refused")))
  }

  @Test func missingContentIs66AndOtherFilesAre65() {
    #expect(error("content/none")?.exitCode == .noInput)
    #expect(error("content/none") == .catalog(.inputMissing(path: "content/none (the hosted content of 'levels')")))
    harness.writeFile("content/file", "x")
    #expect(error("content/file/inside")?.exitCode == .noInput)
    harness.makeFolder("content/pipe")
    #expect(mkfifo(harness.directory + "/content/pipe/fifo", 0o600) == 0)
    #expect(error("content/pipe") == .catalog(.inputInvalid(path: "content/pipe/fifo", reason: "is not a file or folder")))
  }

  @Test func contentHoldingTheStateFolderIsRefused() {
    harness.writeLevels(size: 10)
    #expect(error("content", state: "content/levels/.iap") == .catalog(.inputInvalid(path: "content", reason: "holds the state folder: content cannot contain its own downloads")))
  }
}
