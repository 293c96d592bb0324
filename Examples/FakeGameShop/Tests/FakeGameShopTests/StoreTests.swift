import FakeGameShop
import StoreKitTest
import Testing

/// The shop's `Store` against StoreKit's test environment, driven as Xcode's StoreKit tests
/// drive it: an `SKTestSession` over `FakeGame.storekit` approves, refunds and expires.
///
/// Each test has a store of its own (`.iapStore`), so they run at once and never see one
/// another's purchases; the session made in a test controls that test's store.
@MainActor
@Suite struct StoreTests {
  /// Waits, for at most `seconds`, until `condition` holds: what the `Store`'s update listener
  /// does happens on its own time.
  func eventually(within seconds: Double = 15, _ condition: () async -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if await condition() { return true }
      try? await Task.sleep(nanoseconds: 50_000_000)
    }
    return await condition()
  }

  /// The identifiers of the transactions not finished yet.
  func unfinished() async -> [UInt64] {
    var ids: [UInt64] = []
    for await result in Transaction.unfinished { ids.append(result.unsafePayloadValue.id) }
    return ids
  }

  /// A store with its products loaded.
  func launch() async -> Store {
    let store = Store()
    await store.requestProducts()
    return store
  }

  func product(_ id: String, of store: Store) throws -> Product {
    try #require((store.consumables + store.nonConsumables + store.subscriptions).first { $0.id == id })
  }

  @Test(.iapStore(configuration: "FakeGame"))
  func theProductsLoadByKindCheapestFirst() async throws {
    let store = await launch()
    #expect(store.consumables.map(\.id) == [Store.extraLivesID])
    #expect(store.nonConsumables.map(\.id) == [Store.rocketCarID, Store.unlockMapsID])
    #expect(store.subscriptions.map(\.id) == [Store.proMonthlyID, Store.proYearlyID])
    let maps = try product(Store.unlockMapsID, of: store)
    #expect(maps.displayName == "Unlock All Maps")
    #expect(maps.displayPrice == "$2.99")
    #expect(try product(Store.proMonthlyID, of: store).subscription?.subscriptionPeriod.unit == .month)
  }

  @Test(.iapStore(configuration: "FakeGame"))
  func aNonConsumableBoughtIsOwnedAndFinished() async throws {
    let store = await launch()
    let transaction = try await store.purchase(try product(Store.unlockMapsID, of: store))
    #expect(transaction?.productID == Store.unlockMapsID)
    #expect(store.purchasedNonConsumables == [Store.unlockMapsID])
    #expect(await unfinished().isEmpty)
  }

  @Test(.iapStore(configuration: "FakeGame"))
  func consumablesAreCountedAndFinished() async throws {
    let store = await launch()
    let lives = try product(Store.extraLivesID, of: store)
    _ = try await store.purchase(lives)
    _ = try await store.purchase(lives)
    #expect(store.extraLives == 2 * Store.livesPerPack)
    #expect(store.purchasedNonConsumables.isEmpty, "a consumable is no entitlement")
    #expect(await unfinished().isEmpty)
  }

  @Test(.iapStore(configuration: "FakeGame"))
  func anAskToBuyPurchaseArrivesOnceApproved() async throws {
    let session = try SKTestSession(configurationFileNamed: "FakeGame")
    session.askToBuyEnabled = true
    let store = await launch()
    #expect(try await store.purchase(try product(Store.rocketCarID, of: store)) == nil)
    #expect(store.awaitingApproval == [Store.rocketCarID])
    #expect(store.purchasedNonConsumables.isEmpty)
    let request = try #require(session.allTransactions().first { $0.pendingAskToBuyConfirmation })
    try session.approveAskToBuyTransaction(identifier: request.identifier)
    // The approved purchase reaches the listener, which delivers it.
    #expect(await eventually { store.awaitingApproval.isEmpty })
    #expect(await eventually { store.purchasedNonConsumables.contains(Store.rocketCarID) })
    #expect(await eventually { await unfinished().isEmpty }, "the listener finishes what it delivers")
  }

  @Test(.iapStore(configuration: "FakeGame"))
  func aRefundTakesTheEntitlementAway() async throws {
    let session = try SKTestSession(configurationFileNamed: "FakeGame")
    let store = await launch()
    let bought = try #require(try await store.purchase(try product(Store.unlockMapsID, of: store)))
    #expect(store.purchasedNonConsumables.contains(Store.unlockMapsID))
    try session.refundTransaction(identifier: UInt(bought.id))
    #expect(await eventually { !store.purchasedNonConsumables.contains(Store.unlockMapsID) })
  }

  @Test(.iapStore(configuration: "FakeGame"))
  func theSubscriptionRenewsWithTheClockUntilItExpires() async throws {
    let session = try SKTestSession(configurationFileNamed: "FakeGame")
    session.timeRate = .oneRenewalEveryTwoSeconds
    let store = await launch()
    let first = try #require(try await store.purchase(try product(Store.proMonthlyID, of: store)))
    #expect(store.hasPro)
    #expect(store.purchasedSubscriptions.map(\.id) == [Store.proMonthlyID])
    // A renewal is a transaction of its own, which the listener receives and finishes.
    #expect(
      await eventually {
        let latest = await Transaction.latest(for: Store.proMonthlyID)?.unsafePayloadValue
        return latest?.originalID == first.id && latest?.reason == .renewal
      })
    #expect(await eventually { await unfinished().isEmpty })
    #expect(store.hasPro)
    session.timeRate = .realTime
    try session.expireSubscription(productIdentifier: Store.proMonthlyID)
    #expect(
      await eventually {
        await store.updateCustomerProductStatus()
        return !store.hasPro && store.purchasedSubscriptions.isEmpty
      })
    #expect(store.subscriptionGroupStatus == .expired)
  }

  @Test(.iapStore(configuration: "FakeGame"))
  func anUnfinishedTransactionIsDeliveredAtTheNextLaunch() async throws {
    let session = try SKTestSession(configurationFileNamed: "FakeGame")
    // Lives were bought while the game was not running (or it quit before delivering them):
    // the transaction waits, unfinished.
    _ = try await session.buyProduct(identifier: Store.extraLivesID)
    #expect(await unfinished().count == 1)
    let store = Store()
    #expect(await eventually { store.extraLives == Store.livesPerPack })
    #expect(await eventually { await unfinished().isEmpty })
    // Finished, it is not delivered again at the launch after.
    let relaunched = Store()
    await relaunched.updateCustomerProductStatus()
    try await Task.sleep(nanoseconds: 500_000_000)
    #expect(relaunched.extraLives == 0)
  }
}
