import Foundation
import Testing

@testable import IAPCore
@testable import IAPFormats

@Suite struct StoreDownloadsTests {
  let catalog = CatalogFixtures.standard
  let now = Timestamp(iso8601: "2026-01-31T10:00:00Z")!
  var store = Store(state: StoreState(), account: "default", device: "phone")

  mutating func buy(_ id: String) -> Transaction {
    store.buy(productId: id, product: catalog.purchasableProduct(id), quantity: 1, applicationUsername: nil, finish: false, now: now)
      .outcome
  }

  @Test mutating func aPurchaseWithContentWaitsForItsDownload() throws {
    let sword = buy("sword")
    for state in [DownloadState.waiting, .active, .paused, .failed] {
      #expect(throws: StoreRefusal.downloadIncomplete(sword.id, productId: "sword", state)) {
        try store.finish(ids: [sword.id], downloads: ["sword": state])
      }
    }
    #expect(store.queue.count == 1, "a refusal changes nothing")
    #expect(try store.finish(ids: [sword.id], downloads: ["sword": .cancelled]).count == 1)
  }

  @Test mutating func aFinishedDownloadLetsItBeFinished() throws {
    let sword = buy("sword")
    #expect(try store.finish(ids: [sword.id], downloads: ["sword": .finished]).map(\.id) == [sword.id])
  }

  @Test mutating func failedAndRefundedPurchasesOweNoContent() {
    let failed = Transaction(
      id: 1, originalId: 1, productId: "sword", productType: .nonConsumable, state: .failed, quantity: 1, purchaseDate: now,
      originalPurchaseDate: now, account: "default", device: "phone")
    #expect(Store.pendingDownload(of: failed, in: ["sword": .waiting]) == nil)
    var refunded = failed
    refunded.state = .purchased
    refunded.revocationDate = now
    #expect(Store.pendingDownload(of: refunded, in: ["sword": .waiting]) == nil)
    refunded.revocationDate = nil
    #expect(Store.pendingDownload(of: refunded, in: ["sword": .waiting]) == .waiting)
    #expect(Store.pendingDownload(of: refunded, in: [:]) == nil, "a product without content")
  }

  @Test mutating func finishAllLeavesHeldTransactionsAndRefusesWhenOnlyTheyRemain() throws {
    let sword = buy("sword")
    let gems = buy("gems")
    let downloads: [String: DownloadState] = ["sword": .paused]
    #expect(store.heldByDownloads(downloads).map(\.id) == [sword.id])
    #expect(try store.finishAll(downloads: downloads).map(\.id) == [gems.id])
    #expect(throws: StoreRefusal.downloadIncomplete(sword.id, productId: "sword", .paused)) {
      try store.finishAll(downloads: downloads)
    }
    #expect(try store.finishAll(downloads: ["sword": .finished]).map(\.id) == [sword.id])
    #expect(throws: StoreRefusal.nothingToFinish) { try store.finishAll(downloads: downloads) }
  }

  @Test func refusalsNameTheDownloadAndWhatToDo() {
    #expect(StoreRefusal.downloadIncomplete(3, productId: "sword", .paused).message == """
      transaction 3 cannot be finished: the download of its content (sword) is paused; resume the download first, or cancel it
      """)
    #expect(StoreRefusal.downloadIncomplete(3, productId: "sword", .waiting).message.hasSuffix(
      "is waiting; download its content first, or cancel the download"))
  }

  /// The model speaks of downloads, never of the commands of a front end.
  @Test func refusalsNameNoCommand() {
    let refusals: [StoreRefusal] = [
      .downloadIncomplete(3, productId: "sword", .waiting), .downloadIncomplete(3, productId: "sword", .active),
      .downloadIncomplete(3, productId: "sword", .failed), .notOwned("sword", account: "default"),
    ]
    for refusal in refusals { #expect(!refusal.message.contains("iap "), "\(refusal.message)") }
  }
}
