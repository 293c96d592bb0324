import Foundation
import IAPTesting
import Testing

@testable import IAPFormats

/// Hosted content driven as a user would: failures on demand and resume, downloads named by
/// transaction id (a product id works too), and content paths that would leave the catalog's
/// folder refused. Every finished download is compared byte for byte with its source.
@Suite struct DownloadScenarioTests {
  let harness = TestHarness(catalog: TestHarness.plist(products: [
    TestHarness.product("levels", "nonConsumable", price: "<string>0.99</string>", extra: "<key>content</key><string>content/levels</string>"),
    TestHarness.product("map", "nonConsumable", price: "<string>0.99</string>", extra: "<key>content</key><string>content/map.bin</string>"),
    TestHarness.product("sword", "nonConsumable", price: "<string>0.99</string>"),
  ]))

  /// `levels`, a folder of a few files (one of 3 MB, one empty) and an empty folder; `map`, one file.
  init() {
    harness.write("content/levels/big.bin", bytes: TestHarness.pattern(3_000_000))
    harness.writeFile("content/levels/one.txt", "level one\n")
    harness.writeFile("content/levels/sub/two.txt", "level two\n")
    harness.writeFile("content/levels/zero", "")
    harness.makeFolder("content/levels/empty")
    harness.write("content/map.bin", bytes: TestHarness.pattern(40_000, seed: 3))
  }

  /// The relative paths under a folder of the working folder, folders ending in `/`, with
  /// each file's bytes.
  func tree(_ folder: String) -> [String: [UInt8]] {
    let root = harness.directory + "/" + folder
    var entries: [String: [UInt8]] = [:]
    for case let path as String in FileManager.default.enumerator(atPath: root)?.allObjects ?? [] {
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder)
      entries[isFolder.boolValue ? path + "/" : path] = isFolder.boolValue ? [] : harness.bytes(folder + "/" + path)
    }
    return entries
  }

  /// Whether the downloaded folder is byte-identical to the catalog's.
  func sameContent() -> Bool {
    let source = tree("content/levels")
    return !source.isEmpty && tree(".iap/downloads/levels") == source
  }

  @Test func failDownloadAndTheFailDownloadSettingFailMidwayAndResumeRetries() throws {
    harness.run("buy levels")
    harness.run("buy sword")
    let failed = harness.run("download start 1 --rate 50MB/s --fail-download")
    #expect(failed.status == 1)
    #expect(
      failed.err.contains(
        "error: the download of 'levels' failed: the network connection was lost (simulated by --fail-download) at 50% (1.5 MB of 3.0 MB); 'iap download resume 1' retries from there"
      ))
    #expect(
      harness.run("download status").out.contains("levels  failed   50%  1.5 MB / 3.0 MB  transaction #1  error: the network connection was lost"))
    let finished = harness.run("finish --all")
    #expect(finished.status == 0)
    #expect(finished.out.contains("#2  purchased  sword"))
    #expect(finished.err.contains("note: transaction 1 stays in the queue: the download of its content (levels) is failed"))
    #expect(harness.run("download resume 1 --rate 50MB/s").status == 0)
    #expect(sameContent(), "downloads/levels differs from content/levels")
    harness.run("buy map")
    harness.run("settings set fail-download on")
    let setting = harness.run("download start 3 --rate 50MB/s --json")
    #expect(setting.status == 1)
    #expect(setting.err.contains("(simulated by the fail-download setting)"))
    let last = try JSONParser.parse(String(setting.out.split(separator: "\n").last ?? ""))
    #expect(last["event"] == .string("failed"))
    #expect(last["error"]?["name"] == .string("downloadFailed"))
    #expect(last["percent"] == .int(50))
    harness.run("settings set fail-download off")
    // The product id names the download too.
    #expect(harness.run("download resume map --rate 50MB/s").status == 0)
    #expect(harness.bytes(".iap/downloads/map/map.bin") == harness.bytes("content/map.bin"), "map.bin byte-identical")
  }

  @Test func downloadsAreNamedByTransactionIdAndAProductIdStillWorks() {
    harness.run("buy levels --finish")
    harness.run("buy levels")
    harness.run("buy sword")
    harness.run("buy levels --account bob")
    let started = harness.run("download start 2 --rate 100MB/s --quiet")
    #expect(started.status == 0)
    #expect(started.out.contains("levels  finished  100%  3.0 MB / 3.0 MB  transaction #2"))
    #expect(sameContent(), "downloads/levels differs from content/levels")
    let status = harness.run("download status 1")
    #expect(status.status == 0)
    #expect(status.out.contains("levels  finished  100%  3.0 MB / 3.0 MB  transaction #2"))
    let sword = harness.run("download status 3")
    #expect(sword.status == 1)
    #expect(sword.err == "error: no hosted content for 'sword': the catalog gives it no 'content'")
    for command in ["start", "status", "pause", "resume", "cancel"] {
      let other = harness.run("download \(command) 4")
      #expect(other.status == 1, "\(command)")
      #expect(other.err == "error: unknown transaction '4'", "\(command)")
    }
    let unknown = harness.run("download status 42 --json")
    #expect(unknown.status == 1)
    #expect(unknown.json["error"]?["name"] == .string("unknownTransaction"))
    #expect(unknown.json["error"]?["message"] == .string("unknown transaction '42'"))
    let event = harness.run("download start 4 --json")
    #expect(event.status == 1)
    #expect(event.json["event"] == .string("error"))
    #expect(event.json["transactionId"] == .string("4"))
    #expect(event.json["error"]?["name"] == .string("unknownTransaction"))
    #expect(harness.run("finish 2").status == 0)
  }

  @Test func contentPathsCannotLeaveTheCatalogsFolder() throws {
    for bad in ["../x", "/etc/passwd", "content/../../x"] {
      harness.write("bad.plist", TestHarness.plist(products: [
        TestHarness.product("levels", "nonConsumable", price: "<string>1</string>", extra: "<key>content</key><string>\(bad)</string>")
      ]))
      let listed = harness.run("products list --catalog bad.plist")
      #expect(listed.status == 65, "\(bad)")
      #expect(listed.err.contains("bad.plist: products[0] (levels): content: \"\(bad)\":"), "\(bad)")
    }
    harness.run("buy levels")
    harness.link("content/levels/etc", to: "/etc")
    let inside = harness.run("download start 1")
    #expect(inside.status == 65)
    #expect(inside.err == "error: content/levels/etc: is a symbolic link: links in hosted content are refused")
    let files = FileManager.default
    try files.removeItem(atPath: harness.directory + "/content/levels/etc")
    try files.moveItem(atPath: harness.directory + "/content/levels", toPath: harness.directory + "/content/real")
    harness.link("content/levels", to: "real")
    let linked = harness.run("download start 1")
    #expect(linked.status == 65)
    #expect(linked.err == "error: content/levels: is a symbolic link: links in hosted content are refused")
    try files.removeItem(atPath: harness.directory + "/content/levels")
    let missing = harness.run("download start 1")
    #expect(missing.status == 66)
    #expect(missing.err == "error: file not found: content/levels (the hosted content of 'levels')")
    #expect(
      try files.contentsOfDirectory(atPath: harness.directory + "/.iap").sorted()
        == ["iap-state", "lock", "notifications.log", "seal", "secret", "store.json", "transactions.log"],
      "a refused download records nothing")
  }
}
