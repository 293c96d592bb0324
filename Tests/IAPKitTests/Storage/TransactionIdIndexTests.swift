import Foundation
import IAPFormats
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPKit
@testable import IAPStorage

/// The server's index of transactions by id follows the log as commands append to
/// it (new versions, deletions, `clear`), and starts afresh when the log is another file.
@Suite struct TransactionIdIndexTests {
  let harness = TestHarness()

  func lookup(_ id: UInt64, _ index: TransactionIdIndex) throws -> Transaction? {
    let session = try StateDirectory(path: harness.directory + "/.iap").open(forWriting: false)
    return try session.transaction(id, kept: index)
  }

  @Test func followsTheLogAcrossCommands() throws {
    let index = TransactionIdIndex()
    let product = try #require(harness.run("products list --json").json["products"]?.arrayValue?.first?["id"]?.stringValue)
    #expect(harness.run("buy \(product)").status == 0)
    #expect(try lookup(1, index)?.finished == false)
    #expect(try lookup(2, index) == nil)
    #expect(harness.run("finish 1").status == 0)
    #expect(harness.run("buy \(product) --finish").status == 0)
    #expect(try lookup(1, index)?.finished == true, "the newer version")
    #expect(try lookup(2, index)?.productId == product)
    #expect(harness.run("delete 2").status == 0)
    #expect(try lookup(2, index) == nil, "deleted")
    #expect(harness.run("clear").status == 0)
    #expect(try lookup(1, index) == nil, "cleared")
    #expect(harness.run("reset").status == 0)
    #expect(harness.run("buy \(product) --username other").status == 0)
    #expect(try lookup(1, index)?.applicationUsername == "other", "a new log after a reset")
  }
}
