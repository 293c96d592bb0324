import Foundation
import Testing

@testable import IAPCore
@testable import IAPFormats

@Suite struct StoreTests {
  let catalog = CatalogFixtures.standard
  let t0 = Timestamp(iso8601: "2026-01-31T10:00:00Z")!
  var store = Store(state: StoreState(), account: "default", device: "phone")

  mutating func buy(_ id: String, quantity: Int = 1, finish: Bool = false, at time: Timestamp? = nil) -> Transaction {
    store.buy(
      productId: id, product: catalog.purchasableProduct(id), quantity: quantity, applicationUsername: nil,
      finish: finish, now: time ?? t0
    ).outcome
  }

  @Test mutating func aPurchaseGoesFromPurchasingToPurchasedAndStaysQueued() {
    let purchase = store.buy(productId: "gems", product: catalog.product("gems"), quantity: 3, applicationUsername: "u1", finish: false, now: t0)
    #expect(purchase.purchasing.state == .purchasing)
    #expect(purchase.outcome.state == .purchased)
    #expect(purchase.outcome.id == 1 && purchase.outcome.originalId == 1)
    #expect(purchase.outcome.quantity == 3)
    #expect(purchase.outcome.applicationUsername == "u1")
    #expect(store.queue == [purchase.outcome])
    #expect(store.changes.prefix(2) == [.receiptUpdate("default"), .transaction(purchase.outcome)], "a purchase updates the receipt")
    guard case let .notification(sent)? = store.changes.last else {
      Issue.record("a purchase sends a server notification")
      return
    }
    #expect(sent.type == .oneTimeCharge)
    #expect(sent.transaction == purchase.outcome)
  }

  @Test mutating func idsStrictlyIncrease() {
    let ids = (0..<5).map { _ in buy("gems").id }
    #expect(ids == [1, 2, 3, 4, 5])
  }

  @Test mutating func unknownAndUnclearedProductsFailWithStoreProductNotAvailable() {
    for id in ["nope", "retired"] {
      let t = buy(id)
      #expect(t.state == .failed)
      #expect(t.error?.code == .storeProductNotAvailable)
    }
    #expect(store.queue.count == 2, "failed transactions stay queued until finished")
  }

  @Test mutating func quantityIsOneToTenAndOnlyForConsumables() {
    #expect(buy("gems", quantity: 10).state == .purchased)
    #expect(buy("gems", quantity: 11).error?.code == .paymentInvalid)
    #expect(buy("gems", quantity: 0).error?.code == .paymentInvalid)
    #expect(buy("gems", quantity: Int.max).error?.code == .paymentInvalid)
    #expect(buy("sword", quantity: 2).error?.code == .paymentInvalid)
    #expect(buy("pass", quantity: 2).error?.code == .paymentInvalid)
  }

  @Test mutating func buyingAnOwnedNonConsumableRestoresInsteadOfCharging() {
    let first = buy("sword")
    let later = Timestamp(milliseconds: t0.milliseconds + 60_000)
    let again = buy("sword", at: later)
    #expect(again.state == .restored)
    #expect(again.originalId == first.id)
    #expect(again.originalPurchaseDate == t0)
    #expect(again.purchaseDate == later)
  }

  @Test mutating func consumablesAndNonRenewingCanBeBoughtAgain() {
    _ = buy("gems"); _ = buy("pass")
    #expect(buy("gems").state == .purchased)
    #expect(buy("pass").state == .purchased)
  }

  @Test mutating func subscriptionsExpireAfterTheirPeriod() {
    let sub = buy("pro.monthly")
    #expect(sub.expirationDate == Timestamp(iso8601: "2026-02-28T10:00:00Z"))
    #expect(buy("pro.monthly").state == .restored, "an active subscription is not charged twice")
    _ = try! store.setAutoRenew(false, for: "pro.monthly", now: t0)
    let afterExpiry = Timestamp(iso8601: "2026-03-01T00:00:00Z")!
    store.advance(to: afterExpiry)
    let again = buy("pro.monthly", at: afterExpiry)
    #expect(again.state == .purchased, "a lapsed subscription can be bought again")
    #expect(again.originalId == sub.id, "resubscribing keeps the group's original transaction")
    #expect(buy("pass").expirationDate == nil, "non-renewing subscriptions carry no store-side expiration")
  }

  @Test mutating func finishIsAllOrNothing() throws {
    let a = buy("gems"), b = buy("sword")
    let recorded = store.changes.count
    #expect(throws: StoreRefusal.unknownTransaction("99")) { try store.finish(ids: [a.id, 99]) }
    #expect(store.queue.count == 2)
    #expect(store.changes.count == recorded, "a refused finish records nothing")
    let finished = try store.finish(ids: [b.id, a.id, b.id])
    #expect(finished.map(\.id) == [b.id, a.id])
    #expect(finished.allSatisfy { $0.finished })
    #expect(store.queue.isEmpty)
    #expect(throws: StoreRefusal.self) { try store.finish(ids: [a.id]) }
    #expect(throws: StoreRefusal.nothingToFinish) { try store.finishAll() }
  }

  @Test mutating func finishAllFinishesEverythingFinishable() throws {
    _ = buy("gems"); _ = buy("nope")
    #expect(try store.finishAll().count == 2)
    #expect(store.queue.isEmpty)
  }

  @Test mutating func deferredTransactionsCannotBeFinished() {
    var state = StoreState()
    let deferred = Transaction(
      id: 1, originalId: 1, productId: "gems", productType: .consumable, state: .deferred, quantity: 1,
      purchaseDate: t0, originalPurchaseDate: t0, account: "default", device: "phone")
    state.apply(deferred)
    store = Store(state: state, account: "default", device: "phone")
    #expect(throws: StoreRefusal.notFinishable(1, .deferred)) { try store.finish(ids: [1]) }
    #expect(throws: StoreRefusal.nothingToFinish) { try store.finishAll() }
  }

  @Test mutating func restoreGivesBackFinishedNonConsumablesAndSubscriptionsOnly() throws {
    _ = buy("gems", finish: true)
    let sword = buy("sword", finish: true)
    _ = buy("pass", finish: true)
    let sub = buy("pro.monthly", finish: true)
    _ = buy("shield")  // bought but never finished: not a completed transaction yet
    let later = Timestamp(milliseconds: t0.milliseconds + 3_600_000)
    let restored = store.restore(from: store.history, now: later)
    #expect(restored.map(\.productId) == ["sword", "pro.monthly"])
    #expect(restored.map(\.originalId) == [sword.id, sub.id])
    #expect(restored.allSatisfy { $0.state == .restored && !$0.finished && $0.purchaseDate == later })
    #expect(restored[0].originalPurchaseDate == t0)
    #expect(restored[1].expirationDate == sub.expirationDate)
    #expect(store.queue.suffix(2) == restored)
  }

  @Test mutating func restoreKeepsTheFirstPurchaseAsOriginal() throws {
    let first = buy("sword", finish: true)
    _ = store.restore(from: store.history, now: t0)
    _ = try store.finishAll()
    let second = store.restore(from: store.history, now: t0)
    #expect(second.map(\.originalId) == [first.id], "restores are never restored themselves")
  }

  @Test mutating func queuesAreSeparatePerDeviceAndAccount() {
    _ = buy("gems")
    let other = Store(state: store.state, account: "default", device: "tablet")
    #expect(other.queue.isEmpty)
    let stranger = Store(state: store.state, account: "bob", device: "phone")
    #expect(stranger.queue.isEmpty)
    #expect(stranger.accountState.ownership.isEmpty)
  }
}
