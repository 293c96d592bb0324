import Foundation
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPFormats
@testable import IAPKit
@testable import IAPStorage

@Suite struct DownloadCommandTests {
  let harness = TestHarness(catalog: TestHarness.contentCatalog)

  init() {
    harness.writeLevels(size: 300_000)
    harness.write("content/map.bin", bytes: TestHarness.pattern(5000, seed: 3))
  }

  var contentPath: String { harness.directory + "/.iap/downloads/levels" }

  func expectSameContent() {
    for name in ["a.txt", "big.bin", "sub/b.txt", "zero"] {
      #expect(harness.bytes(".iap/downloads/levels/\(name)") == harness.bytes("content/levels/\(name)"), "\(name)")
    }
    #expect(harness.exists(".iap/downloads/levels/empty"))
  }

  @Test func downloadsAPurchasesContentAndOnlyThenLetsItBeFinished() {
    harness.run("buy levels")
    let early = harness.run("finish 1")
    #expect(early.status == 1)
    #expect(early.stderr == """
      error: transaction 1 cannot be finished: the download of its content (levels) is waiting; download its content \
      first, or cancel the download

      """)
    #expect(harness.run("queue --json").json.transactions.count == 1, "a refused finish changes nothing")
    let download = harness.run("download start 1 --rate 1GB/s")
    #expect(download.status == 0)
    #expect(download.stdout == "levels  finished  100%  300.0 KB / 300.0 KB  transaction #1  \(contentPath)\n")
    #expect(download.stderr == "")
    expectSameContent()
    #expect(harness.run("finish 1").status == 0)
    // Finished content is not copied again; its product id names the download too.
    #expect(harness.run("download start 1").stdout == download.stdout)
    #expect(harness.run("download start levels").stdout == download.stdout)
  }

  @Test func jsonIsAStreamOfOneObjectPerLine() throws {
    harness.run("buy levels")
    let result = harness.run("download start 1 --rate 1GB/s --json")
    #expect(result.status == 0)
    let events = try result.stdout.split(separator: "\n").map { try JSONParser.parse(String($0)) }
    #expect(events.first?["event"] == .string("started"))
    #expect(events.dropFirst().dropLast().allSatisfy { $0["event"] == .string("progress") })
    let last = events.last
    #expect(last?["event"] == .string("finished"))
    #expect(last?["bytes"] == .int(300_012) && last?["total"] == .int(300_012) && last?["percent"] == .int(100))
    #expect(last?["path"] == .string(contentPath))
    let status = harness.run("download status 1 --json").json["downloads"]?.arrayValue?.first
    #expect(status?["state"] == .string("finished"))
    #expect(status?["running"] == .bool(false))
    #expect(status?["transactionId"] == .string("1"))
  }

  @Test func aFileIsDownloadedIntoTheProductsFolder() {
    harness.run("buy map")
    #expect(harness.run("download start 1 --rate 1GB/s").status == 0)
    #expect(harness.bytes(".iap/downloads/map/map.bin") == TestHarness.pattern(5000, seed: 3))
  }

  @Test func statusShowsWaitingPurchasesAndRefusesWhatIsNotOwned() {
    let notOwned = harness.run("download status levels")
    #expect(notOwned.status == 1)
    #expect(notOwned.stderr == "error: account 'default' does not own 'levels': buy it before downloading its content\n")
    #expect(harness.run("download status 1").stderr == "error: unknown transaction '1'\n")
    #expect(harness.run("download status").stdout == "")
    harness.run("buy levels")
    harness.run("buy map")
    #expect(harness.run("download status 1").stdout == "levels  waiting    0%  transaction #1\n")
    #expect(harness.run("download status 2").stdout == "map  waiting    0%  transaction #2\n")
    #expect(harness.run("download status").stdout == "levels  waiting    0%  transaction #1\nmap     waiting    0%  transaction #2\n")
    #expect(harness.run("download status sword").status == 1)
  }

  @Test func aFailedDownloadKeepsItsProgressAndResumeRetries() {
    harness.run("buy levels")
    let failed = harness.run("download start 1 --rate 1GB/s --fail-download")
    #expect(failed.status == 1)
    #expect(failed.stderr == """
      error: the download of 'levels' failed: the network connection was lost (simulated by --fail-download) at 50% \
      (150.0 KB of 300.0 KB); 'iap download resume 1' retries from there

      """)
    #expect(!harness.exists(".iap/downloads/levels"), "downloads/ only ever holds complete content")
    #expect(harness.run("download status").stdout.hasPrefix("levels  failed   50%  150.0 KB / 300.0 KB  transaction #1  error: "))
    #expect(harness.run("finish 1").stderr.contains("is failed; resume the download first, or cancel it"))
    #expect(harness.run("download resume 1 --rate 1GB/s").status == 0)
    expectSameContent()
    #expect(harness.run("finish 1").status == 0)
  }

  @Test func theFailDownloadSettingFailsEveryRunHalfwayThroughWhatIsLeft() throws {
    harness.run("buy levels")
    harness.run("settings set fail-download on")
    let first = harness.run("download start 1 --rate 1GB/s --json")
    #expect(first.status == 1)
    let last = try JSONParser.parse(String(first.stdout.split(separator: "\n").last!))
    #expect(last["event"] == .string("failed"))
    #expect(last["error"]?["name"] == .string("downloadFailed"))
    #expect(last["bytes"] == .int(150_006))
    #expect(first.stderr.contains("(simulated by the fail-download setting)"))
    #expect(harness.run("download resume 1 --rate 1GB/s").status == 1)
    #expect(harness.run("download status 1 --json").json["downloads"]?.arrayValue?.first?["bytes"] == .int(225_009))
    harness.run("settings set fail-download off")
    #expect(harness.run("download resume 1 --rate 1GB/s").status == 0)
    expectSameContent()
  }

  @Test func cancellingLetsTheTransactionBeFinishedWithoutItsContent() {
    harness.run("buy levels")
    harness.run("download start 1 --rate 1GB/s --fail-download")
    #expect(harness.exists(".iap/downloading/levels.partial"))
    let cancel = harness.run("download cancel 1")
    #expect(cancel.status == 0)
    #expect(cancel.stdout == "levels  cancelled    0%  0 B / 300.0 KB  transaction #1\n")
    #expect(!harness.exists(".iap/downloading/levels.partial"), "what was copied is removed")
    #expect(harness.run("finish 1").status == 0)
    #expect(harness.run("download cancel 1").stderr == "error: the download of 'levels' is cancelled: it is already cancelled\n")
    #expect(harness.run("download resume 1").stderr
      == "error: the download of 'levels' is cancelled: nothing to resume: start it again, from the beginning\n")
    // Started again, it starts over.
    #expect(harness.run("download start 1 --rate 1GB/s").status == 0)
    expectSameContent()
    #expect(harness.run("download cancel 1").stderr == "error: the download of 'levels' is finished: nothing to cancel\n")
  }

  @Test func aDownloadNeverStartedCanBeCancelled() {
    harness.run("buy levels")
    #expect(harness.run("download cancel 1").stdout == "levels  cancelled    0%  0 B / 0 B  transaction #1\n")
    #expect(harness.run("finish --all").status == 0)
  }

  @Test func anInterruptedDownloadIsPausedOrResumedWhereItStopped() throws {
    harness.run("buy levels")
    harness.run("download start 1 --rate 1GB/s --fail-download")
    // As a killed downloader leaves it: active, and no process holds it.
    let folder = DownloadsFolder(state: StateDirectory(path: harness.directory + "/.iap"))
    try folder.withStoreLock(exclusive: true) { () throws(StateError) in
      var status = try folder.status("levels")!
      status.state = .active
      status.error = nil
      try folder.save(status)
    }
    #expect(harness.run("download status").stdout == "levels  interrupted   50%  150.0 KB / 300.0 KB  transaction #1\n")
    #expect(harness.run("download pause 1").stdout == "levels  paused   50%  150.0 KB / 300.0 KB  transaction #1\n")
    #expect(harness.run("download pause 1").stderr == "error: the download of 'levels' is paused: only an active download can be paused\n")
    let resumed = harness.run("download resume 1 --rate 1GB/s --json")
    #expect(resumed.status == 0)
    #expect(resumed.stdout.hasPrefix(#"{"event":"resumed","productId":"levels","transactionId":"1","bytes":150006,"#))
    expectSameContent()
    #expect(harness.run("download resume 1").stderr.hasPrefix("error: the download of 'levels' is finished: nothing to resume"))
  }

  @Test func finishAllLeavesTransactionsWhoseContentIsNotDownloaded() {
    harness.run("buy levels")
    harness.run("buy gems")
    let all = harness.run("finish --all")
    #expect(all.status == 0)
    #expect(all.stdout.hasPrefix("#2  purchased  gems"))
    #expect(all.stderr == "note: transaction 1 stays in the queue: the download of its content (levels) is waiting\n")
    let again = harness.run("finish --all --json")
    #expect(again.status == 1)
    #expect(again.json["error"]?["name"] == .string("downloadIncomplete"))
  }

  @Test func everyBadInputHasItsExitStatus() {
    harness.run("buy levels")
    harness.run("buy sword")
    harness.run("buy gems")
    #expect(harness.run("download start nope").stderr == "error: no hosted content for 'nope': it is not in the catalog\n")
    #expect(harness.run("download start 2").stderr == "error: no hosted content for 'sword': the catalog gives it no 'content'\n")
    #expect(harness.run("download start 3").stderr
      == "error: no hosted content for 'gems': it is a consumable: only non-consumables have hosted content\n")
    #expect(harness.run("download start 4").stderr == "error: unknown transaction '4'\n")
    #expect(harness.run("download start map").status == 1, "not bought")
    let rate = harness.run("download start 1 --rate fast")
    #expect(rate.status == 64)
    #expect(rate.stderr.hasPrefix("error: invalid value for '--rate <rate>': expected a rate like 2MB/s"))
    #expect(harness.run("download resume").status == 64)
    #expect(harness.run("download pause 1").status == 1)

    try? FileManager.default.removeItem(atPath: harness.directory + "/content/levels/big.bin")
    harness.link("content/levels/big.bin", to: "/etc/passwd")
    let link = harness.run("download start 1")
    #expect(link.status == 65)
    #expect(link.stderr == "error: content/levels/big.bin: is a symbolic link: links in hosted content are refused\n")
    try? FileManager.default.removeItem(atPath: harness.directory + "/content/levels")
    let missing = harness.run("download start 1")
    #expect(missing.status == 66)
    #expect(missing.stderr == "error: file not found: content/levels (the hosted content of 'levels')\n")
    #expect(!harness.exists(".iap/downloading"), "a refused download records nothing")
  }

  @Test func jsonErrorsEndTheStreamAsOneLine() throws {
    let result = harness.run("download start levels --json")
    #expect(result.status == 1)
    #expect(!result.stdout.dropLast().contains("\n"))
    let line = try JSONParser.parse(result.stdout)
    #expect(line["event"] == .string("error"))
    #expect(line["productId"] == .string("levels"))
    #expect(line["error"]?["name"] == .string("notOwned"))
    // Named by a transaction, the line names it as given.
    let unknown = harness.run("download start 7 --json")
    #expect(unknown.status == 1)
    let named = try JSONParser.parse(unknown.stdout)
    #expect(named["event"] == .string("error") && named["transactionId"] == .string("7") && named["productId"] == nil)
    #expect(named["error"]?["name"] == .string("unknownTransaction"))
  }

  @Test func anEscapingContentPathMakesTheCatalogInvalid() {
    harness.write("catalog.plist", TestHarness.plist(products: [
      TestHarness.product("levels", "nonConsumable", price: "<string>1</string>", extra: "<key>content</key><string>../../etc</string>")
    ]))
    let result = harness.run("download start 1")
    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix("error: catalog.plist: products[0] (levels): content: \"../../etc\": '..' is refused"))
  }

  @Test func aDamagedStatusFileIs74AndLeftAlone() {
    harness.run("buy levels")
    harness.writeFile(".iap/downloading/levels.json", "not json")
    #expect(harness.run("download status").status == 74)
    #expect(harness.run("download start 1").status == 74)
    #expect(harness.run("finish 1").status == 74)
    #expect(harness.read(".iap/downloading/levels.json") == "not json")
  }

  @Test func theRateAndFailureAreSettings() {
    #expect(harness.run("settings set download-rate 500kb/s").stdout == "download-rate  500KB/s  (set)\n")
    #expect(harness.run("settings set download-rate soon").status == 64)
    #expect(harness.run("settings --json").json["settings"]?["download-rate"]?["value"] == .string("500KB/s"))
    #expect(harness.run("settings --json").json["settings"]?["fail-download"]?["value"] == .string("off"))
  }
}
