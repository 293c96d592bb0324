import Foundation
import Testing

@testable import IAPCore
@testable import IAPFormats
@testable import IAPStorage

/// The server takes the state it loaded last while the files are as they were, and
/// loads afresh once a commit changed them.
@Suite struct LoadedStateCacheTests {
  @Test func anUnchangedStateIsTakenFromTheCacheAndACommitLoadsAfresh() throws {
    let temporary = TemporaryFolder()
    let directory = StateDirectory(path: temporary.directory + "/.iap")
    try StoreChanges.buy(StoreChanges.gems, in: directory)
    try StoreChanges.buy(StoreChanges.sword, finish: true, in: directory)
    try StoreChanges.buy(StoreChanges.monthly, finish: true, in: directory)
    let cache = LoadedStateCache()
    let first = try directory.open(forWriting: false, cache: cache).state
    #expect(first == (try directory.open(forWriting: false).state))
    let kept = try #require(cache.kept)
    #expect(kept.state == first)
    // A planted difference shows that the next load takes the kept state rather than the files.
    var planted = kept
    planted.state.nextId = 999_999
    cache.remember(planted)
    #expect(try directory.open(forWriting: false, cache: cache).state.nextId == 999_999)
    // A commit changes the log and the seal: the next load reads the files.
    try StoreChanges.buy(StoreChanges.gems, finish: true, in: directory)
    let after = try directory.open(forWriting: false, cache: cache).state
    #expect(after == (try directory.open(forWriting: false).state))
    #expect(after.nextId != 999_999)
    #expect(after != first)
    #expect(cache.kept?.state == after)
  }

  @Test func aWriterTakesTheKeptStateAndItsCommitIsWhatTheNextLoadSees() throws {
    let temporary = TemporaryFolder()
    let directory = StateDirectory(path: temporary.directory + "/.iap")
    try StoreChanges.buy(StoreChanges.gems, in: directory)
    let cache = LoadedStateCache()
    _ = try directory.open(forWriting: false, cache: cache)
    var changed = StoreState()
    do {
      // The writer's lock is let go at the end of this block, before the loads below.
      let session = try directory.open(forWriting: true, cache: cache)
      changed = session.state
      let record = LogRecord.receiptUpdate("default")
      changed.apply(record)
      try session.commit([record], state: changed)
    }
    let reloaded = try directory.open(forWriting: false, cache: cache).state
    #expect(reloaded == (try directory.open(forWriting: false).state))
    #expect(reloaded == changed)
  }
}
