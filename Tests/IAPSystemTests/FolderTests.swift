import Foundation
import Testing

@testable import IAPSystem

/// Every file of a `Folder` is reached from its descriptor (`openat`), so no name, link or
/// swapped folder leads outside.
@Suite struct FolderTests {
  let directory = NSTemporaryDirectory() + "iap-folder-" + UUID().uuidString
  var state: String { directory + "/.iap" }
  var outside: String { directory + "/outside" }

  init() throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try Data("keep me".utf8).write(to: URL(fileURLWithPath: outside))
  }

  func makeFolder(_ name: String) throws {
    try FileManager.default.createDirectory(atPath: directory + "/" + name, withIntermediateDirectories: true)
  }

  var outsideText: String { (try? String(contentsOfFile: outside, encoding: .utf8)) ?? "" }

  @Test func aFolderSwappedForALinkAfterItWasOpenedKeepsItsWritesInside() throws {
    let folder = try #require(try Folder.open(state, create: true))
    try FileManager.default.moveItem(atPath: state, toPath: state + ".moved")
    try makeFolder("elsewhere")
    try FileManager.default.createSymbolicLink(atPath: state, withDestinationPath: directory + "/elsewhere")
    try folder.replaceAtomically("store.json", with: Array("{}".utf8))
    #expect(FileManager.default.fileExists(atPath: state + ".moved/store.json"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/elsewhere").isEmpty)
  }

  @Test(arguments: ["..", "../outside", "a/../../outside", "", "."])
  func namesThatLeadOutsideAreRefused(_ name: String) throws {
    let folder = try #require(try Folder.open(state, create: true))
    #expect(throws: POSIXFileError.self) { _ = try folder.open(name, .readWrite) }
    #expect(throws: POSIXFileError.self) { try folder.removeTree(name) }
    #expect(throws: POSIXFileError.self) { try folder.replaceAtomically(name, with: []) }
    #expect(throws: POSIXFileError.self) { _ = try folder.open(relative: name, .readWrite) }
    #expect(outsideText == "keep me")
  }

  @Test func subfoldersAreRealFoldersOfTheUser() throws {
    let folder = try #require(try Folder.open(state, create: true))
    try makeFolder("elsewhere")
    try FileManager.default.createSymbolicLink(atPath: state + "/downloads", withDestinationPath: directory + "/elsewhere")
    #expect(throws: POSIXFileError.self) { _ = try folder.subfolder("downloads", create: true) }
    let made = try #require(try folder.subfolder(relative: "downloading/a.partial/sub", create: true))
    #expect(made.path == state + "/downloading/a.partial/sub")
    #expect(FileManager.default.fileExists(atPath: state + "/downloading/a.partial/sub"))
    #expect(try folder.subfolder("absent", create: false) == nil)
  }

  @Test func aFolderMadeWhereALinkStandsIsRefused() throws {
    try FileManager.default.createDirectory(atPath: directory + "/real", withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(atPath: directory + "/link", withDestinationPath: directory + "/real")
    #expect(throws: POSIXFileError.self) { try POSIXFile.makeDirectory(directory + "/link") }
    #expect(throws: POSIXFileError.self) { _ = try Folder.open(directory + "/link", create: false) }
    #expect(try Folder.open(directory + "/real", create: false) != nil)
    #expect(try Folder.open(directory + "/absent", create: false) == nil)
  }
}
