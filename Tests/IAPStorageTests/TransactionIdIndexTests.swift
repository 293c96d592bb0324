import Foundation
import Testing

@testable import IAPCore
@testable import IAPStorage

/// The server's index of transactions by id follows the log as commits append to it (new
/// versions, deletions, a cleared account), and starts afresh when the log is another file.
@Suite struct TransactionIdIndexTests {
  let temporary = TemporaryFolder()
  var directory: StateDirectory { StateDirectory(path: temporary.directory + "/.iap") }

  func lookup(_ id: UInt64, _ index: TransactionIdIndex) throws -> Transaction? {
    let session = try directory.open(forWriting: false)
    return try session.transaction(id, kept: index)
  }

  @Test func followsTheLogAcrossCommits() throws {
    let index = TransactionIdIndex()
    let product = StoreChanges.gems
    try StoreChanges.buy(product, in: directory)
    #expect(try lookup(1, index)?.finished == false)
    #expect(try lookup(2, index) == nil)
    try StoreChanges.commit(in: directory) { _ = try $0.finish(ids: [1]) }
    try StoreChanges.buy(product, finish: true, in: directory)
    #expect(try lookup(1, index)?.finished == true, "the newer version")
    #expect(try lookup(2, index)?.productId == product.id)
    let second = try #require(try lookup(2, index))
    try StoreChanges.commit(in: directory) { _ = try $0.delete(second, history: [second]) }
    #expect(try lookup(2, index) == nil, "deleted")
    try StoreChanges.commit(in: directory) { $0.clear() }
    #expect(try lookup(1, index) == nil, "cleared")
    try directory.reset()
    try StoreChanges.buy(product, username: "other", in: directory)
    #expect(try lookup(1, index)?.applicationUsername == "other", "a new log after a reset")
  }
}
