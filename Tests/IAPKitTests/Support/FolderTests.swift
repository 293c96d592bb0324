import Foundation
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPKit

/// Every file of the state is reached from the state folder's
/// descriptor (`openat`), so no name, link, swapped folder or planted hard link leads outside.
@Suite struct FolderTests {
  let harness = TestHarness()
  var state: String { harness.directory + "/.iap" }
  var outside: String { harness.directory + "/outside" }

  init() { harness.writeFile("outside", "keep me") }

  var outsideText: String { (try? String(contentsOfFile: outside, encoding: .utf8)) ?? "" }

  @Test func aFolderSwappedForALinkAfterItWasOpenedKeepsItsWritesInside() throws {
    let folder = try #require(try Folder.open(state, create: true))
    try FileManager.default.moveItem(atPath: state, toPath: state + ".moved")
    harness.makeFolder("elsewhere")
    try FileManager.default.createSymbolicLink(atPath: state, withDestinationPath: harness.directory + "/elsewhere")
    try folder.replaceAtomically("store.json", with: Array("{}".utf8))
    #expect(FileManager.default.fileExists(atPath: state + ".moved/store.json"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: harness.directory + "/elsewhere").isEmpty)
  }

  @Test(arguments: ["..", "../outside", "a/../../outside", "", "."])
  func namesThatLeadOutsideAreRefused(_ name: String) throws {
    let folder = try #require(try Folder.open(state, create: true))
    #expect(throws: POSIXFileError.self) { _ = try folder.open(name, O_RDWR) }
    #expect(throws: POSIXFileError.self) { try folder.removeTree(name) }
    #expect(throws: POSIXFileError.self) { try folder.replaceAtomically(name, with: []) }
    #expect(throws: POSIXFileError.self) { _ = try folder.open(relative: name, O_RDWR) }
    #expect(outsideText == "keep me")
  }

  @Test func aHardLinkPlantedAsALogIsRefused() throws {
    #expect(harness.run("buy gems").status == 0)
    try FileManager.default.removeItem(atPath: state + "/transactions.log")
    try FileManager.default.linkItem(atPath: outside, toPath: state + "/transactions.log")
    let buy = harness.run("buy sword")
    #expect(buy.status == 74)
    #expect(buy.stderr.contains("transactions.log has other hard links, and iap writes only to files of its own"), "\(buy.stderr)")
    #expect(outsideText == "keep me")
  }

  @Test func aFIFOPlantedAsAStateFileDoesNotHang() throws {
    #expect(harness.run("buy gems").status == 0)
    try FileManager.default.removeItem(atPath: state + "/store.json")
    #expect(mkfifo(state + "/store.json", 0o600) == 0)
    let queue = harness.run("queue")
    #expect(queue.status == 74)
    #expect(queue.stderr.contains("store.json is not a regular file"), "\(queue.stderr)")
  }

  @Test func subfoldersAreRealFoldersOfTheUser() throws {
    let folder = try #require(try Folder.open(state, create: true))
    harness.makeFolder("elsewhere")
    try FileManager.default.createSymbolicLink(atPath: state + "/downloads", withDestinationPath: harness.directory + "/elsewhere")
    #expect(throws: POSIXFileError.self) { _ = try folder.subfolder("downloads", create: true) }
    let made = try #require(try folder.subfolder(relative: "downloading/a.partial/sub", create: true))
    #expect(made.path == state + "/downloading/a.partial/sub")
    #expect(FileManager.default.fileExists(atPath: state + "/downloading/a.partial/sub"))
    #expect(try folder.subfolder("absent", create: false) == nil)
  }
}
