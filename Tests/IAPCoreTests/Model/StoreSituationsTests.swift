import Foundation
import Testing

@testable import IAPCore
@testable import IAPFormats

/// The store's unhappy paths: Ask to Buy, interrupted purchases, restrictions, simulated
/// errors, refunds, deletions, accounts and devices.
@Suite struct StoreSituationsTests {
  let catalog = CatalogFixtures.standard
  let t0 = Timestamp(iso8601: "2026-01-31T10:00:00Z")!
  let later = Timestamp(iso8601: "2026-02-01T10:00:00Z")!
  var store = Store(state: StoreState(), account: "default", device: "phone")

  mutating func buy(_ id: String, _ conditions: PurchaseConditions = PurchaseConditions(), finish: Bool = false) -> Transaction {
    store.buy(
      productId: id, product: catalog.purchasableProduct(id), quantity: 1, applicationUsername: nil, finish: finish,
      conditions: conditions, now: t0
    ).outcome
  }

  /// The refusal `body` ends in, or nil if it succeeds.
  func refusal(_ body: () throws -> Void) -> StoreRefusal? {
    do { try body() } catch { return error as? StoreRefusal }
    return nil
  }

  @Test mutating func askToBuyDefersUntilApproved() throws {
    let deferred = buy("pro.monthly", PurchaseConditions(askToBuy: true), finish: true)
    #expect(deferred.state == .deferred)
    #expect(!deferred.finished, "a deferred transaction has no outcome to finish")
    #expect(deferred.expirationDate == nil)
    let approved = try store.approve(deferred.id, product: catalog.product("pro.monthly"), now: later)
    #expect(approved.id == deferred.id)
    #expect(approved.state == .purchased)
    #expect(approved.purchaseDate == later)
    #expect(approved.expirationDate == later.adding(CalendarPeriod(months: 1)))
    #expect(store.queue == [approved])
    #expect(store.entitlements().map(\.id) == [approved.id])
  }

  @Test mutating func declineFailsTheDeferredPurchaseAsCancelled() throws {
    let deferred = buy("sword", PurchaseConditions(askToBuy: true))
    let declined = try store.decline(deferred.id)
    #expect(declined.state == .failed)
    #expect(declined.error?.code == .paymentCancelled)
    #expect(store.entitlements().isEmpty)
  }

  @Test mutating func approvingOrDecliningTheWrongStateChangesNothing() {
    let bought = buy("sword")
    let before = store.state
    #expect(refusal { _ = try store.approve(bought.id, product: nil, now: later) } == .wrongState(bought.id, .purchased, "only a deferred transaction can be approved"))
    #expect(refusal { _ = try store.decline(99) } == .unknownTransaction("99"))
    #expect(store.state == before)
  }

  @Test mutating func anInterruptedPurchaseFailsWithAnIssueAndResolvesIntoANewPurchase() throws {
    let failed = buy("sword", PurchaseConditions(interruptedPurchases: true))
    #expect(failed.state == .failed)
    #expect(failed.purchaseIssue)
    #expect(failed.error?.code == .paymentCancelled)
    let finished = try store.finish(ids: [failed.id])[0]
    let purchase = try store.resolve(finished, product: catalog.product("sword"), now: later)
    #expect(purchase.id == failed.id + 1)
    #expect(purchase.state == .purchased)
    #expect(purchase.purchaseDate == later)
    #expect(store.queue == [purchase])
    let again = Store(state: store.state, account: "default", device: "phone")
    #expect(refusal { var s = again; _ = try s.resolve(purchase, product: nil, now: later) } != nil)
  }

  @Test mutating func restrictedPaymentsAndSimulatedErrorsFail() {
    #expect(buy("gems", PurchaseConditions(canMakePayments: false)).error?.code == .paymentNotAllowed)
    #expect(buy("gems", PurchaseConditions(simulatedError: .cloudServiceRevoked)).error?.code == .cloudServiceRevoked)
    #expect(buy("nope", PurchaseConditions(simulatedError: .unknown)).error?.code == .storeProductNotAvailable)
  }

  @Test mutating func aRefundRevokesAndTakesTheProductAway() throws {
    let sword = buy("sword", finish: true)
    let sub = buy("pro.monthly", finish: true)
    let refunded = try store.refund(sword, reason: .developerIssue, now: later)
    #expect(refunded.revocationDate == later)
    #expect(refunded.revocationReason == .developerIssue)
    #expect(refunded.finished)
    _ = try store.refund(sub, reason: .other, now: later)
    #expect(store.entitlements().isEmpty)
    #expect(refusal { _ = try store.refund(refunded, reason: .other, now: later) } == .alreadyRefunded(sword.id))
    #expect(buy("sword").state == .purchased, "a refunded product can be bought again")
  }

  @Test mutating func onlyPurchasesCanBeRefunded() {
    let failed = buy("nope")
    #expect(refusal { _ = try store.refund(failed, reason: .other, now: later) } == .wrongState(failed.id, .failed, "only a purchased transaction can be refunded"))
  }

  @Test mutating func deletingAPurchaseTakesItsRestoresAlong() throws {
    let sword = buy("sword", finish: true)
    let shield = buy("shield", finish: true)
    let restored = store.restore(from: store.history, now: later)
    #expect(restored.count == 2)
    let history = [sword, shield] + restored
    let deleted = try store.delete(sword, history: history)
    #expect(deleted.map(\.id) == [sword.id, restored[0].id])
    #expect(store.queue.map(\.id) == [restored[1].id])
    #expect(store.entitlements().map(\.productId) == ["shield"])
  }

  @Test mutating func clearEmptiesTheAccountButKeepsIds() {
    _ = buy("sword")
    store.clear()
    #expect(store.queue.isEmpty)
    #expect(store.entitlements().isEmpty)
    #expect(buy("sword").id == 2)
  }

  @Test mutating func reinstallEmptiesTheDeviceQueueAndMakesPurchasesRestorable() {
    let sword = buy("sword")
    var tablet = Store(state: store.state, account: "default", device: "tablet")
    _ = tablet.buy(productId: "gems", product: catalog.product("gems"), quantity: 1, applicationUsername: nil, finish: false, now: t0)
    store = Store(state: tablet.state, account: "default", device: "phone")
    #expect(store.reinstall().map(\.id) == [sword.id])
    #expect(store.queue.isEmpty)
    #expect(Store(state: store.state, account: "default", device: "tablet").queue.count == 1)
    #expect(store.restore(from: [sword], now: later).map(\.originalId) == [sword.id], "the reinstall completed it")
  }

  @Test mutating func accountsNeverSeeEachOthersPurchases() {
    _ = buy("sword", finish: true)
    var bob = Store(state: store.state, account: "bob", device: "phone")
    #expect(bob.queue.isEmpty)
    #expect(bob.entitlements().isEmpty)
    #expect(bob.restore(from: store.history, now: later).isEmpty)
    let bought = bob.buy(productId: "sword", product: catalog.product("sword"), quantity: 1, applicationUsername: nil, finish: false, now: t0)
    #expect(bought.outcome.state == .purchased, "bob pays for his own sword")
  }

  @Test mutating func entitlementsLeaveOutConsumablesAndExpiredSubscriptions() {
    for id in ["gems", "sword", "pass", "pro.monthly"] { _ = buy(id, finish: true) }
    #expect(store.entitlements().map(\.productId) == ["sword", "pass", "pro.monthly"])
    store.rules = SubscriptionRules(renewalLimit: 0)
    store.advance(to: Timestamp(iso8601: "2026-03-01T00:00:00Z")!)
    #expect(store.entitlements().map(\.productId) == ["sword", "pass"])
  }
}
