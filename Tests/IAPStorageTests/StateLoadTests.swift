import Foundation
import Testing

@testable import IAPCore
@testable import IAPFormats
@testable import IAPStorage

/// Loading reads the transaction versions past `store.json` straight from their bytes
/// (`TransactionRecordReader`): the state is the one the general decoder's fold of the whole
/// log gives.
@Suite struct StateLoadTests {
  @Test func theLogPastTheSnapshotFoldsAsTheGeneralDecoderFoldsIt() throws {
    let temporary = TemporaryFolder()
    let directory = StateDirectory(path: temporary.directory + "/.iap")
    try StoreChanges.buy(StoreChanges.gems, in: directory)
    try StoreChanges.buy(StoreChanges.sword, finish: true, in: directory)
    try StoreChanges.buy(StoreChanges.monthly, finish: true, in: directory)
    try StoreChanges.commit(in: directory) { store in _ = try store.finish(ids: store.queue.map(\.id)) }
    try StoreChanges.buy(StoreChanges.gems, finish: true, in: directory)
    try StoreChanges.buy(StoreChanges.gems, in: directory)
    let loaded = try directory.open(forWriting: false).state
    var folded = StoreState()
    let log = try String(contentsOfFile: directory.logPath, encoding: .utf8)
    for line in log.split(separator: "\n") { folded.apply(try LogRecordCodec.decode(try JSONParser.parse(String(line)))) }
    folded.notificationCount = loaded.notificationCount
    folded.nextId = loaded.nextId
    #expect(folded.accounts.values.contains { !$0.subscriptions.isEmpty }, "a subscription is in the fold")
    #expect(loaded == folded)
  }
}
