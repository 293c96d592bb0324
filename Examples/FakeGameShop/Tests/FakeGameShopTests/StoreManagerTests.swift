import Foundation
import Testing

@testable import FakeGameShop

/// The shop's purchase code against `iap serve`, through `StoreManager` only (issue 26).
@Suite(.serialized) struct StoreManagerTests {
  let store: ServedStore
  let backend: IAPStoreKitBackend

  init() throws {
    store = try ServedStore()
    backend = IAPStoreKitBackend(url: store.url)
  }

  func launch() async throws -> StoreManager {
    let manager = StoreManager(backend: backend)
    try await manager.start()
    return manager
  }

  /// Waits (up to 10 s) for `condition`, which an update the manager receives makes true.
  func eventually(_ condition: @escaping () async -> Bool) async -> Bool {
    for _ in 0..<200 {
      if await condition() { return true }
      try? await Task.sleep(nanoseconds: 50_000_000)
    }
    return false
  }

  @Test func productsLoad() async throws {
    let shop = try await launch()
    #expect(await shop.products.map(\.id) == StoreManager.productIDs)
    #expect(await shop.products.first { $0.id == "com.example.fakegame.unlock_maps" }?.displayPrice == "$2.99")
  }

  @Test func aPurchaseUnlocksContent() async throws {
    let shop = try await launch()
    #expect(try await shop.buy("com.example.fakegame.unlock_maps") == .purchased)
    #expect(await shop.unlocked.contains("com.example.fakegame.unlock_maps"))
    #expect(try store.iap("queue").isEmpty, "delivered content is finished")
  }

  @Test func anUnfinishedTransactionIsDeliveredAgainAtTheNextLaunch() async throws {
    // Bought, then the app died before it delivered: the transaction is still unfinished.
    try store.iap("buy", "com.example.fakegame.extra_lives")
    let shop = try await launch()
    #expect(await eventually { await shop.extraLives == 5 })
    #expect(await eventually { (try? self.store.iap("queue").isEmpty) == true })
  }

  @Test func askToBuyIsPendingAndArrivesAfterApproval() async throws {
    try store.iap("settings", "set", "ask-to-buy", "on")
    let shop = try await launch()
    #expect(try await shop.buy("com.example.fakegame.rocket_car") == .pending)
    #expect(await !shop.unlocked.contains("com.example.fakegame.rocket_car"))
    try store.iap("approve", "1")
    #expect(await eventually { await shop.unlocked.contains("com.example.fakegame.rocket_car") })
  }

  @Test func aRefundRevokesTheEntitlement() async throws {
    let shop = try await launch()
    #expect(try await shop.buy("com.example.fakegame.unlock_maps") == .purchased)
    try store.iap("refund", "1")
    #expect(await eventually { await !shop.unlocked.contains("com.example.fakegame.unlock_maps") })
    try await shop.refreshEntitlements()
    #expect(await shop.unlocked.isEmpty)
  }

  @Test func aMonthlySubscriptionRenewsAsTheClockMovesAndExpiresAfterCancel() async throws {
    let shop = try await launch()
    #expect(try await shop.buy("com.example.fakegame.pro.monthly") == .purchased)
    try store.iap("clock", "advance", "32d")
    try await shop.refreshEntitlements()
    #expect(await shop.unlocked.contains("com.example.fakegame.pro.monthly"), "renewed")
    #expect(try store.iap("history").contains("#2"), "the renewal is a transaction of its own")
    try store.iap("subscription", "cancel", "com.example.fakegame.pro.monthly")
    try store.iap("clock", "advance", "32d")
    try await shop.refreshEntitlements()
    #expect(await !shop.unlocked.contains("com.example.fakegame.pro.monthly"), "expired after cancel")
  }
}
