import Foundation
import IAPTesting
import Testing

/// Links planted in the state folder, for its files, their temporaries or its download
/// folders, are never written through, and a file with other hard links is refused.
/// PlantedLinkTests holds a linked log's and a linked state folder's messages, FolderTests
/// a hard-linked transactions.log and a FIFO planted as store.json.
@Suite struct PlantedFileTests {
  let harness = TestHarness.game()
  var outside: String { harness.directory + "/outside" }
  var outsideText: String { harness.read("outside") ?? "" }

  init() { harness.writeFile("outside", "keep me\n") }

  @Test(arguments: [
    "transactions.log", "notifications.log", "store.json.tmp", "secret.tmp", "settings.json.tmp", "clock.json.tmp", "deliveries.json.tmp",
  ])
  func aLinkedStateFileIsNeverWrittenThrough(_ name: String) throws {
    #expect(harness.run("buy com.example.fakegame.rocket_car --finish").status == 0)
    try? FileManager.default.removeItem(atPath: harness.directory + "/.iap/" + name)
    harness.link(".iap/" + name, to: outside)
    harness.run("buy com.example.fakegame.extra_lives --finish")
    harness.run("settings set locale en_GB")
    harness.run("clock set 2030-01-01T00:00:00Z")
    #expect(outsideText == "keep me\n", "the file \(name) pointed to")
    let secret = try? FileManager.default.attributesOfItem(atPath: harness.directory + "/.iap/secret")
    #expect(secret?[.type] as? FileAttributeType != .typeSymbolicLink, "secret became a link")
  }

  @Test(arguments: ["downloads", "downloading"])
  func aDownloadFolderThatIsALinkIsRefused(_ folder: String) throws {
    let product = TestHarness.product("levels", "nonConsumable", price: "<string>1</string>", extra: "<key>content</key><string>content</string>")
    harness.write("catalog.plist", TestHarness.plist(products: [product]))
    harness.writeFile("content/one.txt", "level\n")
    harness.writeFile("victim/levels", "precious\n")
    #expect(harness.run("buy levels --finish").status == 0)
    try? FileManager.default.removeItem(atPath: harness.directory + "/.iap/" + folder)
    harness.link(".iap/" + folder, to: harness.directory + "/victim")
    let refused = harness.run("download start levels")
    refused.expectCleanFailure(74)
    #expect(refused.stderr.contains("\(folder) is a symbolic link"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: harness.directory + "/victim") == ["levels"])
    #expect(harness.read("victim/levels") == "precious\n", "the folder \(folder) pointed to")
    try FileManager.default.removeItem(atPath: harness.directory + "/.iap/" + folder)
    #expect(harness.run("download start levels").status == 0)
  }

  @Test func aHardLinkedNotificationLogIsRefused() throws {
    #expect(harness.run("buy com.example.fakegame.rocket_car").status == 0)
    try FileManager.default.removeItem(atPath: harness.directory + "/.iap/notifications.log")
    try FileManager.default.linkItem(atPath: outside, toPath: harness.directory + "/.iap/notifications.log")
    let refused = harness.run("buy com.example.fakegame.extra_lives")
    refused.expectCleanFailure(74)
    #expect(refused.stderr.contains("notifications.log has other hard links, and iap writes only to files of its own"))
    #expect(outsideText == "keep me\n", "the file the hard link shares")
  }
}
