import Foundation
import Testing

@testable import IAPFormats
@testable import StoreKit

/// `Transaction.currentEntitlements`, `all` and `latest(for:)`: what the customer owns now.
@Suite struct EntitlementTests {
  static let maps = "com.example.fakegame.unlock_maps"
  static let car = "com.example.fakegame.rocket_car"
  static let monthly = "com.example.fakegame.pro.monthly"

  static func entitled() async -> [String] {
    var products: [String] = []
    for await result in Transaction.currentEntitlements { products.append(result.unsafePayloadValue.productID) }
    return products.sorted()
  }

  @Test func refundedAndExpiredPurchasesAreNotEntitlements() async throws {
    try await TestStore.run { store in
      let products = try await Product.products(for: [Self.maps, Self.car, Self.monthly])
      var bought: [String: Transaction] = [:]
      for product in products {
        guard case let .success(.verified(transaction)) = try await product.purchase() else { continue }
        bought[product.id] = transaction
        await transaction.finish()
      }
      #expect(await Self.entitled() == [Self.monthly, Self.car, Self.maps].sorted())
      let car = try #require(bought[Self.car])
      _ = try await store.call("POST", "/transactions/\(car.id)/refund", body: .object([("reason", .string("developerIssue"))]))
      _ = try await store.call("POST", "/subscriptions/\(Self.monthly)/expire")
      #expect(await Self.entitled() == [Self.maps])
      var entitledToCar: [VerificationResult<Transaction>] = []
      for await result in Transaction.currentEntitlements(for: Self.car) { entitledToCar.append(result) }
      #expect(entitledToCar.isEmpty)
      // The refund is in the history, with its reason.
      let latest = try #require(await Transaction.latest(for: Self.car))
      #expect(latest.unsafePayloadValue.revocationReason == .developerIssue)
      #expect(latest.unsafePayloadValue.revocationDate != nil)
      var all: [String] = []
      for await result in Transaction.all { all.append(result.unsafePayloadValue.productID) }
      #expect(Set(all) == [Self.maps, Self.car, Self.monthly])
    }
  }

  @Test func aSubscriptionPastItsPeriodIsNoLongerAnEntitlement() async throws {
    try await TestStore.run { store in
      let product = try #require(try await Product.products(for: [Self.monthly]).first)
      guard case let .success(.verified(transaction)) = try await product.purchase() else {
        Issue.record("expected a verified purchase")
        return
      }
      await transaction.finish()
      #expect(transaction.expirationDate != nil)
      #expect(transaction.subscriptionGroupID == "pro")
      #expect(transaction.webOrderLineItemID != nil)
      _ = try await store.call("POST", "/subscriptions/\(Self.monthly)/cancel")
      _ = try await store.call("POST", "/clock/advance", body: .object([("by", .string("40d"))]))
      #expect(await Self.entitled().isEmpty)
    }
  }

  /// `AppStore.sync()` makes the history current: the purchases stay what they were, with
  /// no copies of them to deliver or finish.
  @Test func afterASyncThePurchasesAreTheSame() async throws {
    try await TestStore.run { _ in
      let product = try #require(try await Product.products(for: [Self.maps]).first)
      guard case let .success(.verified(bought)) = try await product.purchase() else {
        Issue.record("expected a verified purchase")
        return
      }
      await bought.finish()
      try await AppStore.sync()
      var all: [UInt64] = []
      for await result in Transaction.all { all.append(result.unsafePayloadValue.id) }
      #expect(all == [bought.id])
      var unfinished = 0
      for await _ in Transaction.unfinished { unfinished += 1 }
      #expect(unfinished == 0)
      #expect(await Self.entitled() == [Self.maps])
    }
  }
}
