import Foundation
import Testing

@testable import IAPFormats
@testable import StoreKit

/// `Transaction.updates`: approvals, refunds and renewals reach every listener; a listener
/// ends when its task is cancelled; a store that cannot be reached is reported, not a
/// silent end.
@Suite struct TransactionUpdatesTests {
  static let maps = "com.example.fakegame.unlock_maps"
  static let lives = "com.example.fakegame.extra_lives"
  static let monthly = "com.example.fakegame.pro.monthly"

  /// Starts a listener that collects every update, and returns once it is listening: it has
  /// seen a purchase made elsewhere after it started.
  static func listen(_ store: StoreConnection) async throws -> (Collected<VerificationResult<Transaction>>, Task<Void, Never>) {
    let collected = Collected<VerificationResult<Transaction>>()
    let task = Task {
      for await update in Transaction.updates { await collected.add(update) }
      await collected.end()
    }
    var ready = false
    for _ in 0..<20 where !ready {
      let marker = try await TestStore.buyElsewhere(store, lives)
      ready = await eventually(within: 1) { await collected.elements.contains { $0.unsafePayloadValue.id == marker } }
    }
    #expect(ready, "the listener never started")
    return (collected, task)
  }

  @Test func anAskToBuyApprovalReachesTheListener() async throws {
    try await TestStore.run { store in
      let (collected, task) = try await Self.listen(store)
      defer { task.cancel() }
      try await TestStore.set(store, [("ask-to-buy", .string("on"))])
      let product = try #require(try await Product.products(for: [Self.maps]).first)
      guard case .pending = try await product.purchase() else {
        Issue.record("expected pending")
        return
      }
      let pending = try await store.call("GET", "/transactions?state=deferred")["transactions"]?.arrayValue ?? []
      let id = try #require(pending.first { $0["productId"]?.stringValue == Self.maps }?["id"]?.stringValue)
      _ = try await store.call("POST", "/transactions/\(id)/approve")
      #expect(await eventually { await collected.elements.contains { $0.unsafePayloadValue.productID == Self.maps } })
      let approved = try #require(await collected.elements.first { $0.unsafePayloadValue.productID == Self.maps })
      guard case let .verified(transaction) = approved else {
        Issue.record("the approved transaction is unverified")
        return
      }
      #expect(String(transaction.id) == id)
    }
  }

  @Test func aRefundReachesEveryListener() async throws {
    try await TestStore.run { store in
      let product = try #require(try await Product.products(for: [Self.maps]).first)
      guard case let .success(.verified(bought)) = try await product.purchase() else {
        Issue.record("expected a verified purchase")
        return
      }
      await bought.finish()
      let (first, firstTask) = try await Self.listen(store)
      let (second, secondTask) = try await Self.listen(store)
      defer {
        firstTask.cancel()
        secondTask.cancel()
      }
      // What the app's own purchase returned is not handed over again…
      #expect(await !first.elements.contains { $0.unsafePayloadValue.id == bought.id })
      _ = try await store.call("POST", "/transactions/\(bought.id)/refund")
      // …until it changes.
      for listener in [first, second] {
        #expect(
          await eventually {
            await listener.elements.contains { $0.unsafePayloadValue.id == bought.id && $0.unsafePayloadValue.revocationDate != nil }
          })
      }
    }
  }

  @Test func aRenewalReachesTheListenerAsTheClockMoves() async throws {
    try await TestStore.run { store in
      let product = try #require(try await Product.products(for: [Self.monthly]).first)
      guard case let .success(.verified(bought)) = try await product.purchase() else {
        Issue.record("expected a verified purchase")
        return
      }
      await bought.finish()
      let (collected, task) = try await Self.listen(store)
      defer { task.cancel() }
      _ = try await store.call("POST", "/clock/advance", body: .object([("by", .string("1M"))]))
      #expect(
        await eventually {
          await collected.elements.contains { $0.unsafePayloadValue.originalID == bought.id && $0.unsafePayloadValue.id != bought.id }
        })
      let renewal = try #require(
        await collected.elements.first { $0.unsafePayloadValue.originalID == bought.id && $0.unsafePayloadValue.id != bought.id })
      #expect(renewal.unsafePayloadValue.reason == .renewal)
      #expect(renewal.unsafePayloadValue.productType == .autoRenewable)
      #expect((renewal.unsafePayloadValue.expirationDate ?? .distantPast) > (bought.expirationDate ?? .distantFuture))
    }
  }

  @Test func iteratingEndsWhenTheTaskIsCancelled() async throws {
    try await TestStore.run { store in
      let (collected, task) = try await Self.listen(store)
      #expect(await !collected.ended)
      task.cancel()
      #expect(await eventually(within: 5) { await collected.ended })
    }
  }

  @Test func anUnreachableStoreIsAnErrorTheAppSees() async throws {
    let nowhere = StoreConnection(url: "http://127.0.0.1:1", namespace: "nowhere-\(UUID().uuidString.prefix(8))")
    await StoreContext.$current.withValue(nowhere) {
      // A call that throws throws StoreKit's network error…
      await #expect {
        _ = try await Product.products(for: [Self.maps])
      } throws: { error in
        guard case .networkError? = error as? StoreKitError else { return false }
        return true
      }
      // …and a listener, which cannot throw, keeps trying while reporting the outage.
      let listener = Task {
        for await _ in Transaction.updates {}
      }
      // The listener's first attempt can wait for a thread on a loaded machine: a generous wait.
      #expect(await eventually(within: 60) { !StoreDiagnostics.reports(about: nowhere).isEmpty })
      #expect(StoreDiagnostics.reports(about: nowhere).first?.context.hasPrefix("Transaction.updates") == true)
      listener.cancel()
      await listener.value
      // A finite sequence ends, and says why.
      var entitlements = 0
      for await _ in Transaction.currentEntitlements { entitlements += 1 }
      #expect(entitlements == 0)
      #expect(StoreDiagnostics.reports(about: nowhere).contains { $0.context == "Transaction.currentEntitlements" })
    }
  }
}
