import Foundation
import Testing

@testable import IAPCore
@testable import IAPFormats
@testable import IAPStorage

@Suite struct StateDirectoryTests {
  let temporary = TemporaryFolder()
  var directory: StateDirectory { StateDirectory(path: temporary.directory + "/state") }
  var logPath: String { directory.logPath }

  func transaction(_ id: UInt64, finished: Bool = false) -> Transaction {
    Transaction(
      id: id, originalId: id, productId: "p\(id)", productType: .consumable, state: .purchased, quantity: 1,
      purchaseDate: Timestamp(milliseconds: 1000 * Int64(id)), originalPurchaseDate: Timestamp(milliseconds: 1000 * Int64(id)),
      applicationUsername: "ü \"x\"", account: "acc", device: "dev", finished: finished)
  }

  /// Commits `transactions` in one session and returns the resulting state.
  @discardableResult
  func commit(_ transactions: [Transaction]) throws -> StoreState {
    let session = try directory.open(forWriting: true)
    var state = session.state
    transactions.forEach { state.apply($0) }
    try session.commit(transactions.map(LogRecord.transaction), state: state)
    return state
  }

  func bytes(_ path: String) -> Data { FileManager.default.contents(atPath: path) ?? Data() }

  func append(_ text: String, to path: String) {
    let handle = FileHandle(forWritingAtPath: path)!
    handle.seekToEndOfFile()
    handle.write(Data(text.utf8))
    handle.closeFile()
  }

  @Test func aReaderOfAMissingFolderSeesAnEmptyStoreAndCreatesNothing() throws {
    let session = try directory.open(forWriting: false)
    #expect(session.state == StoreState())
    #expect(try session.history().isEmpty)
    #expect(!FileManager.default.fileExists(atPath: directory.path))
  }

  @Test func committedStateSurvivesReopening() throws {
    let expected = try commit([transaction(1), transaction(2)])
    try commit([transaction(1, finished: true)])
    let session = try directory.open(forWriting: false)
    var after = expected
    after.apply(transaction(1, finished: true))
    #expect(session.state == after)
    #expect(try session.history() == [transaction(1, finished: true), transaction(2)])
  }

  @Test func filesAreForTheOwnerOnly() throws {
    try commit([transaction(1)])
    for path in [directory.path, directory.snapshotPath, directory.logPath, directory.lockPath] {
      let mode = (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? 0
      #expect(mode & 0o077 == 0, "\(path) is \(String(mode, radix: 8))")
    }
  }

  @Test func aTornLastRecordIsIgnoredAndCutOffByTheNextWrite() throws {
    try commit([transaction(1)])
    append(#"{"id":"2","originalId":"2","produ"#, to: logPath)  // a crash mid-append
    do {
      // Sessions hold the lock until released, so this reader must end before the writer.
      let reader = try directory.open(forWriting: false)
      #expect(reader.state.nextId == 2)
      #expect(try reader.history().map(\.id) == [1])
    }
    try commit([transaction(2)])
    let session = try directory.open(forWriting: false)
    #expect(try session.history().map(\.id) == [1, 2])
    #expect(String(decoding: bytes(logPath), as: UTF8.self).split(separator: "\n").count == 2)
  }

  @Test func aLogAheadOfTheSnapshotIsReplayed() throws {
    try commit([transaction(1)])
    let oldSnapshot = bytes(directory.snapshotPath)
    let expected = try commit([transaction(2), transaction(1, finished: true)])
    // A crash after the log append but before the snapshot rename leaves the old snapshot.
    _ = FileManager.default.createFile(atPath: directory.snapshotPath, contents: oldSnapshot)
    #expect(try directory.open(forWriting: false).state == expected)
    let state = try commit([transaction(3)])
    #expect(state.nextId == 4)
    #expect(try directory.open(forWriting: false).state == state)
  }

  @Test func aMissingSnapshotIsRebuiltFromTheLog() throws {
    let expected = try commit([transaction(1), transaction(2)])
    try FileManager.default.removeItem(atPath: directory.snapshotPath)
    #expect(try directory.open(forWriting: true).state == expected)
  }

  @Test(arguments: ["{not json", #"{"format":99}"#, #"{"format":1,"logOffset":0,"nextId":"x","accounts":{}}"#, ""])
  func anUnreadableSnapshotIsReportedAndNeverOverwritten(_ garbage: String) throws {
    try commit([transaction(1)])
    _ = FileManager.default.createFile(atPath: directory.snapshotPath, contents: Data(garbage.utf8))
    for writing in [false, true] {
      #expect {
        _ = try directory.open(forWriting: writing)
      } throws: { error in
        guard case let StateError.unreadable(path, _) = error else { return false }
        return path == directory.snapshotPath
      }
    }
    #expect(bytes(directory.snapshotPath) == Data(garbage.utf8))
  }

  @Test func aCorruptCompleteLogRecordIsReported() throws {
    try commit([transaction(1)])
    let snapshot = bytes(directory.snapshotPath)
    append("{\"id\":\"2\"}\n", to: logPath)
    // The first field the record's declaration lists that is wrong (`TransactionRecord.Field`).
    #expect(throws: StateError.damaged(path: logPath, offset: bytes(logPath).count - 11, reason: "bad or missing 'originalId'")) {
      _ = try directory.open(forWriting: true)
    }
    #expect(bytes(directory.snapshotPath) == snapshot)
  }

  @Test func aLogShorterThanTheSnapshotSaysIsReported() throws {
    try commit([transaction(1)])
    _ = FileManager.default.createFile(atPath: logPath, contents: Data())
    #expect(throws: StateError.self) { _ = try directory.open(forWriting: false) }
  }

  @Test func resetRemovesEverythingButTheLock() throws {
    try commit([transaction(1)])
    try FileManager.default.createDirectory(atPath: directory.path + "/downloads/x", withIntermediateDirectories: true)
    try directory.reset()
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["iap-state", "lock"])
    #expect(try directory.open(forWriting: false).state == StoreState())
  }

  @Test func iapsOwnNamesAreKnownAndNoOthers() {
    for name in [
      "store.json", "transactions.log", "lock", "iap-state", "seal", "namespaces", "downloads", "store.json.tmp",
      "history.index.123.4567.tmp", "catalog-0123456789abcdef.cache", "catalog-0123456789abcdef.cache.99.tmp",
      "transactions.log.damaged-12", "notifications.log.damaged-1",
    ] {
      #expect(StateDirectory.isOwnName(name), "\(name)")
    }
    for name in [
      ".profile", "notes.txt", "store.json.bak", "catalog-xyz.cache", "transactions.log.damaged-", "lock.tmp.x", ".tmp", "secret.1.2.3.tmp",
    ] {
      #expect(!StateDirectory.isOwnName(name), "\(name)")
    }
  }

  @Test func resetRefusesAFolderThatIsNotAStateAndDeletesNothing() throws {
    let decoy = StateDirectory(path: temporary.directory + "/decoy")
    try FileManager.default.createDirectory(atPath: decoy.path, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: decoy.path + "/settings.json", contents: Data("{}".utf8))
    #expect(throws: StateError.self, "only iap's names, but no marker and no lock") { try decoy.reset() }
    _ = FileManager.default.createFile(atPath: decoy.path + "/notes.txt", contents: Data("mine".utf8))
    _ = FileManager.default.createFile(atPath: decoy.path + "/lock", contents: nil)
    do {
      try decoy.reset()
      Issue.record("a folder with a file of the user's was reset")
    } catch {
      let refused = if case .notAState = error { true } else { false }
      #expect(refused, "a folder of the user's is refused as no state, not \(error)")
      #expect(error.message == "\(decoy.path) is not an iap state folder (it holds 'notes.txt', which iap did not make); nothing was deleted")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: decoy.path).sorted() == ["lock", "notes.txt", "settings.json"])
    try FileManager.default.removeItem(atPath: decoy.path + "/notes.txt")
    try decoy.reset()  // a state from before the marker: its lock says so
    #expect(try FileManager.default.contentsOfDirectory(atPath: decoy.path).sorted() == ["iap-state", "lock"])
  }

  @Test func anUnwritableFolderIsReported() throws {
    temporary.write("file", "x")
    let blocked = StateDirectory(path: temporary.directory + "/file/state")
    #expect {
      _ = try blocked.open(forWriting: true)
    } throws: { error in
      guard case .unwritable? = error as? StateError else { return false }
      return true
    }
  }

  /// store.json is rewritten every `snapshotInterval` bytes of log; in between, loads replay
  /// the log's tail and see every commit.
  @Test func theSnapshotIsRewrittenEverySnapshotIntervalAndLoadsReplayTheRest() throws {
    try commit([transaction(1)])
    let first = bytes(directory.snapshotPath)
    var state = StoreState()
    var id: UInt64 = 2
    while bytes(logPath).count < StateSession.snapshotInterval / 2 {
      state = try commit([transaction(id)])
      id += 1
    }
    #expect(bytes(directory.snapshotPath) == first)
    #expect(try directory.open(forWriting: false).state == state)
    while bytes(directory.snapshotPath) == first {
      state = try commit([transaction(id), transaction(id - 1, finished: true)])
      id += 1
    }
    let snapshot = try JSONParser.parse([UInt8](bytes(directory.snapshotPath)))
    #expect(snapshot["logOffset"] == .int(Int64(bytes(logPath).count)))
    #expect(try directory.open(forWriting: false).state == state)
  }
}

