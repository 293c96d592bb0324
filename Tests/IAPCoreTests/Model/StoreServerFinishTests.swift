import Testing

@testable import IAPCore
@testable import IAPFormats

/// Finish Transaction (App Store Server API 1.20) on the pure store: the transaction leaves
/// the queue of the device it was bought on, whichever account the server's store is.
@Suite struct StoreServerFinishTests {
  let start = SubscribedStore.start

  @Test func theServerFinishesATransactionOnItsOwnDevice() {
    var state = StoreState()
    let bought = Transaction(
      id: 1, originalId: 1, productId: "gems", productType: .consumable, state: .purchased, quantity: 1, purchaseDate: start,
      originalPurchaseDate: start, account: "b", device: "phone")
    state.apply(.transaction(bought))
    // The server's store is another account's, on another device.
    var store = Store(state: state, account: "a", device: "d")
    let finished = store.finishFromServer(bought)
    #expect(finished?.finished == true)
    #expect(store.state.accounts["b"]?.queues["phone"] == nil, "the queue is empty")
    #expect(store.finishFromServer(finished!) == nil, "a finished transaction is left as it is")
  }
}
