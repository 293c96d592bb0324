import Testing

@testable import IAPCore
@testable import IAPFormats

@Suite struct StoreStateTests {
  func transaction(_ id: UInt64, _ product: String = "sword", _ type: ProductType = .nonConsumable, state: TransactionState = .purchased, finished: Bool = false) -> Transaction {
    Transaction(
      id: id, originalId: id, productId: product, productType: type, state: state, quantity: 1,
      purchaseDate: Timestamp(milliseconds: Int64(id)), originalPurchaseDate: Timestamp(milliseconds: Int64(id)),
      account: "a", device: "d", finished: finished)
  }

  @Test func applyingVersionsKeepsTheQueueInOrderAndRemovesFinished() {
    var state = StoreState()
    state.apply(transaction(1))
    state.apply(transaction(2, "gems", .consumable))
    state.apply(transaction(3, "gems", .consumable))
    state.apply(transaction(2, "gems", .consumable, finished: true))
    #expect(state.accounts["a"]?.queues["d"]?.map(\.id) == [1, 3])
    #expect(state.nextId == 4)
  }

  @Test func ownershipTracksDurablePurchasesOnly() {
    var state = StoreState()
    state.apply(transaction(1, "gems", .consumable))
    state.apply(transaction(2, "sword", state: .failed))
    state.apply(transaction(3, "sword"))
    #expect(state.accounts["a"]?.ownership.keys.sorted() == ["sword"])
    #expect(state.accounts["a"]?.ownership["sword"]?.restorable == false)
    state.apply(transaction(3, "sword", finished: true))
    #expect(state.accounts["a"]?.ownership["sword"]?.restorable == true)
    #expect(state.accounts["a"]?.ownership["sword"]?.originalId == 3)
  }

  @Test func replayingTheSameVersionsGivesTheSameState() {
    let versions = [transaction(1), transaction(2, "gems", .consumable), transaction(1, finished: true)]
    var a = StoreState(), b = StoreState()
    versions.forEach { a.apply($0) }
    versions.forEach { b.apply($0) }
    #expect(a == b)
  }
}
