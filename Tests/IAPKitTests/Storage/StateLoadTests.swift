import Foundation
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPFormats
@testable import IAPKit
@testable import IAPStorage

/// Loading reads the transaction versions past `store.json` straight from their bytes
/// (`TransactionRecordReader`): the state is the one the general decoder's fold of the whole
/// log gives.
@Suite struct StateLoadTests {
  @Test func theLogPastTheSnapshotFoldsAsTheGeneralDecoderFoldsIt() throws {
    let harness = TestHarness()
    for line in ["buy gems", "buy sword --finish", "buy pro.monthly --finish", "finish --all", "buy gems --finish", "buy gems"] {
      #expect(harness.run(line).status == 0, "\(line)")
    }
    let loaded = try StateDirectory(path: harness.directory + "/.iap").open(forWriting: false).state
    var folded = StoreState()
    let log = try String(contentsOfFile: harness.directory + "/.iap/transactions.log", encoding: .utf8)
    for line in log.split(separator: "\n") { folded.apply(try LogRecordCodec.decode(try JSONParser.parse(String(line)))) }
    folded.notificationCount = loaded.notificationCount
    folded.nextId = loaded.nextId
    #expect(folded.accounts.values.contains { !$0.subscriptions.isEmpty }, "a subscription is in the fold")
    #expect(loaded == folded)
  }
}
