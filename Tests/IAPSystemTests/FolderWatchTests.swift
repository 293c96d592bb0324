import Foundation
import Testing

@testable import IAPSystem

/// The folder's generation stays while nothing in it changes, and is new (never
/// one given before) after each write, creation, rename, removal or change of attributes,
/// and once another folder is at the path.
@Suite struct FolderWatchTests {
  let folder = NSTemporaryDirectory() + "iap-watch-" + UUID().uuidString

  init() throws { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }

  func write(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }

  @Test func eachKindOfChangeGivesANewGenerationAndReadingNone() throws {
    #if os(Linux)
      let watch = try #require(FolderWatch.shared)
    #else
      #expect(FolderWatch.shared == nil)
      return
    #endif
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try write("a", "one")
    var seen: Set<UInt64> = []
    var last = try #require(watch.generation(of: folder))
    seen.insert(last)
    #expect(watch.generation(of: folder) == last)
    _ = try String(contentsOfFile: folder + "/a", encoding: .utf8)
    #expect(watch.generation(of: folder) == last, "a read is no change")
    let changes: [(String, () throws -> Void)] = [
      ("write", { try self.write("a", "two") }),
      ("create", { try self.write("b", "new") }),
      ("rename", { try FileManager.default.moveItem(atPath: self.folder + "/b", toPath: self.folder + "/c") }),
      ("attributes", { try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: self.folder + "/c") }),
      ("remove", { try FileManager.default.removeItem(atPath: self.folder + "/c") }),
    ]
    for (name, change) in changes {
      try change()
      let now = try #require(watch.generation(of: folder), "\(name)")
      #expect(!seen.contains(now), "\(name): a new generation")
      #expect(watch.generation(of: folder) == now, "\(name): then stable")
      seen.insert(now)
      last = now
    }
    // Another folder at the path: a new generation, and the new folder's changes are seen.
    try FileManager.default.moveItem(atPath: folder, toPath: folder + "-old")
    defer { try? FileManager.default.removeItem(atPath: folder + "-old") }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let replaced = try #require(watch.generation(of: folder))
    #expect(!seen.contains(replaced))
    try write("d", "in the new folder")
    #expect(watch.generation(of: folder) != replaced)
  }

  @Test func aMissingPathOrAFileHasNone() throws {
    #if os(Linux)
      let watch = try #require(FolderWatch.shared)
      defer { try? FileManager.default.removeItem(atPath: folder) }
      #expect(watch.generation(of: folder + "/missing") == nil)
      try write("file", "x")
      #expect(watch.generation(of: folder + "/file") == nil)
    #endif
  }
}
