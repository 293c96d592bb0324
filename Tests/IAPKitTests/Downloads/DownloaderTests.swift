import Foundation
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPFormats
@testable import IAPKit
@testable import IAPStorage
@testable import IAPSystem

/// The copy loop, on a fake clock: sleeping moves it on, so a 1 MB/s download takes no time.
@Suite struct DownloaderTests {
  let harness = TestHarness(catalog: nil)
  let folder: DownloadsFolder
  /// The fake clock, in seconds.
  final class Clock: @unchecked Sendable {
    var now = 100.0
    var slept = 0.0
    var naps = 0
    /// Runs at each nap, before the clock moves on: what "another process" does meanwhile.
    var onNap: (Int) -> Void = { _ in }
  }
  let clock = Clock()

  init() {
    folder = DownloadsFolder(state: StateDirectory(path: harness.directory + "/.iap"))
    harness.writeLevels(size: 300_000)
  }

  func source() throws -> ContentSource {
    try ContentSource.open(
      catalogFolder: harness.directory, shownFolder: "", content: "content/levels", productId: "levels",
      stateFolder: folder.state.path)
  }

  /// A status recorded as the runner records it before copying.
  func recorded(bytes: Int = 0, state: DownloadState = .active) throws -> DownloadStatus {
    let status = DownloadStatus(
      productId: "levels", transactionId: 1, account: "default", device: "default", content: "content/levels", state: state,
      bytes: bytes, entries: try source().entries, pid: 42)
    try folder.withStoreLock(exclusive: true) { () throws(StateError) in try folder.save(status) }
    return status
  }

  /// Runs the downloader and returns the outcome and the JSON events it printed.
  func run(_ status: DownloadStatus, rate: String = "1MB/s", failure: String? = nil) throws -> (Downloader.Outcome, [JSONValue]) {
    var out = ""
    let console = Console(out: { out += $0 }, err: { _ in })
    let reporter = DownloadReporter(console: console, style: .json, contentPath: folder.contentPath("levels"))
    var downloader = Downloader(
      folder: folder, source: try source(), rate: ByteRate(rate)!, failure: failure, reporter: reporter, signals: TerminationSignal(catching: []))
    let clock = self.clock
    downloader.clock = { clock.now }
    downloader.sleep = { seconds in
      clock.naps += 1
      clock.onNap(clock.naps)
      clock.now += seconds
      clock.slept += seconds
    }
    let outcome = try downloader.run(status)
    console.flush()
    let events = try out.split(separator: "\n").map { try JSONParser.parse(String($0)) }
    return (outcome, events)
  }

  func expectSameContent() {
    for name in ["a.txt", "big.bin", "sub/b.txt", "zero"] {
      #expect(harness.bytes(".iap/downloads/levels/\(name)") == harness.bytes("content/levels/\(name)"), "\(name)")
    }
    #expect(harness.exists(".iap/downloads/levels/empty"))
  }

  @Test func copiesEverythingAtTheRateAndFinishes() throws {
    let (outcome, events) = try run(try recorded())
    guard case let .finished(status) = outcome else {
      Issue.record("expected finished, got \(outcome)")
      return
    }
    #expect(status.state == .finished && status.bytes == 300_012)
    expectSameContent()
    #expect(!harness.exists(".iap/downloading/levels.partial"), "the copy was moved, not left behind")
    #expect(try folder.status("levels")?.state == .finished)
    // 300,012 bytes at 1 MB/s: 0.3 s of simulated bandwidth.
    #expect(abs(clock.slept - 0.300012) < 0.001)
    #expect(events.first?["event"] == .string("started"))
    // The runner reports the end; the downloader's last event is the last chunk.
    #expect(events.last?["event"] == .string("progress") && events.last?["bytes"] == .int(300_012))
    let progress = events.filter { $0["event"] == .string("progress") }.compactMap { $0["bytes"]?.intValue }
    #expect(progress == progress.sorted() && progress.last == 300_012)
    #expect(progress.count >= 3, "a chunk is an eighth of a second's bytes")
  }

  @Test func resumesAtTheRecordedCountCuttingOffWhatACrashWroteAfterIt() throws {
    // A first run was killed after recording 200,006 bytes (a.txt and 200,000 of big.bin),
    // having written 1,000 more bytes of garbage.
    harness.writeFile(".iap/downloading/levels.partial/a.txt", "hello\n")
    harness.write(".iap/downloading/levels.partial/big.bin", bytes: Array(TestHarness.pattern(200_000)) + [UInt8](repeating: 0xEE, count: 1000))
    let (outcome, events) = try run(try recorded(bytes: 200_006))
    guard case .finished = outcome else {
      Issue.record("expected finished, got \(outcome)")
      return
    }
    expectSameContent()
    #expect(events.first?["event"] == .string("resumed"))
    #expect(events.first?["bytes"] == .int(200_006))
    #expect(abs(clock.slept - 0.100006) < 0.001, "only what was missing is copied")
  }

  @Test func aCopyShorterThanRecordedStartsAgainFromItsFile() throws {
    harness.writeFile(".iap/downloading/levels.partial/a.txt", "hello\n")
    harness.write(".iap/downloading/levels.partial/big.bin", bytes: Array(TestHarness.pattern(5)))
    let (outcome, _) = try run(try recorded(bytes: 200_006))
    guard case .finished = outcome else {
      Issue.record("expected finished, got \(outcome)")
      return
    }
    expectSameContent()
  }

  @Test func failsHalfwayKeepingWhatItCopied() throws {
    let (outcome, events) = try run(try recorded(), failure: "the network connection was lost")
    guard case let .failed(status) = outcome else {
      Issue.record("expected failed, got \(outcome)")
      return
    }
    #expect(status.bytes == 150_006)
    #expect(status.error == "the network connection was lost")
    let saved = try folder.status("levels")
    #expect(saved?.state == .failed && saved?.bytes == 150_006)
    #expect(harness.bytes(".iap/downloading/levels.partial/big.bin")?.count == 150_000)
    #expect(!harness.exists(".iap/downloads/levels"))
    #expect(events.last?["event"] == .string("progress"), "the runner reports the failure")
    // Retried without the failure, it continues from there.
    let (again, _) = try run(saved!)
    guard case .finished = again else {
      Issue.record("expected finished, got \(again)")
      return
    }
    expectSameContent()
  }

  @Test func aPauseFromAnotherProcessWaitsUntilResumed() throws {
    let status = try recorded()
    // "Another process" pauses before the first chunk is recorded, and resumes at the fifth nap.
    _ = try recorded(state: .paused)
    let folder = self.folder
    clock.onNap = { nap in
      guard nap == 5 else { return }
      try? folder.withStoreLock(exclusive: true) { () throws(StateError) in
        var current = try folder.status("levels")!
        current.state = .active
        try folder.save(current)
      }
    }
    let (outcome, events) = try run(status)
    guard case .finished = outcome else {
      Issue.record("expected finished, got \(outcome)")
      return
    }
    let names = events.compactMap { $0["event"]?.stringValue }
    #expect(Array(names.prefix(3)) == ["started", "paused", "resumed"])
    expectSameContent()
  }

  @Test func aCancelFromAnotherProcessRemovesTheCopy() throws {
    let status = try recorded()
    _ = try recorded(state: .cancelled)
    let (outcome, _) = try run(status)
    guard case let .cancelled(cancelled, reset) = outcome else {
      Issue.record("expected cancelled, got \(outcome)")
      return
    }
    #expect(cancelled.bytes == 0)
    #expect(!reset)
    #expect(!harness.exists(".iap/downloading/levels.partial"))
    #expect(!harness.exists(".iap/downloads/levels"))
    #expect(try folder.status("levels")?.state == .cancelled)
  }

  @Test func aRecordRemovedByResetIsToldFromACancel() throws {
    let status = try recorded()
    // What `iap reset` does while the copy runs: the status file goes.
    clock.onNap = { [harness] nap in
      if nap == 1 { try? FileManager.default.removeItem(atPath: harness.directory + "/.iap/downloading/levels.json") }
    }
    let (outcome, _) = try run(status, rate: "100KB/s")
    guard case let .cancelled(_, reset) = outcome else {
      Issue.record("expected cancelled, got \(outcome)")
      return
    }
    #expect(reset)
    #expect(try folder.status("levels") == nil, "no record is made again")
  }

  @Test func aCorruptedCopyFailsVerificationAndStartsOver() throws {
    // Recorded complete, but a byte on disk is wrong: the digest check catches it.
    var wrong = TestHarness.pattern(300_000)
    wrong[12345] ^= 0xFF
    harness.writeFile(".iap/downloading/levels.partial/a.txt", "hello\n")
    harness.write(".iap/downloading/levels.partial/big.bin", bytes: wrong)
    harness.writeFile(".iap/downloading/levels.partial/sub/b.txt", "world\n")
    harness.writeFile(".iap/downloading/levels.partial/zero", "")
    let (outcome, _) = try run(try recorded(bytes: 300_012))
    guard case let .failed(status) = outcome else {
      Issue.record("expected failed, got \(outcome)")
      return
    }
    #expect(status.bytes == 0)
    #expect(status.error == "the copy of 'big.bin' does not match the content")
    #expect(!harness.exists(".iap/downloads/levels"))
  }
}
