import Foundation
import Testing

@testable import IAPFormats
@testable import StoreKit

/// `purchase(options:)`: the verified transaction and its typed fields, `finish()`, and
/// StoreKit's outcomes and errors as the store decides them.
@Suite struct PurchaseTests {
  static let maps = "com.example.fakegame.unlock_maps"
  static let lives = "com.example.fakegame.extra_lives"

  @Test func aPurchaseIsAVerifiedTransactionWithTypedFields() async throws {
    try await TestStore.run { _ in
      let product = try #require(try await Product.products(for: [Self.maps]).first)
      let token = UUID()
      let result = try await product.purchase(options: [.appAccountToken(token)])
      guard case let .success(verification) = result, case let .verified(transaction) = verification else {
        Issue.record("expected a verified purchase, got \(result)")
        return
      }
      #expect(transaction.productID == Self.maps)
      #expect(transaction.productType == .nonConsumable)
      #expect(transaction.originalID == transaction.id)
      #expect(transaction.appBundleID == "com.example.fakegame")
      #expect(transaction.purchasedQuantity == 1)
      #expect(transaction.ownershipType == .purchased)
      #expect(transaction.environment == .xcode)
      #expect(transaction.reason == .purchase)
      #expect(transaction.storefront.countryCode == "USA")
      #expect(transaction.storefront.id == "143441")
      #expect(transaction.price == Decimal(string: "2.99"))
      #expect(transaction.currency?.identifier == "USD")
      #expect(transaction.appAccountToken == token)
      #expect(transaction.revocationDate == nil && transaction.revocationReason == nil)
      #expect(transaction.expirationDate == nil && transaction.subscriptionGroupID == nil)
      #expect(!transaction.appTransactionID.isEmpty)
      #expect(verification.jwsRepresentation.split(separator: ".").count == 3)
      #expect(verification.payloadData == transaction.jsonRepresentation)
      #expect(verification.signedDate == transaction.signedDate)
      #expect(try verification.payloadValue == transaction)
      let payload = try JSONParser.parse(Array(transaction.jsonRepresentation))
      #expect(payload["transactionId"]?.stringValue == String(transaction.id))
    }
  }

  @Test func finishingTakesATransactionOutOfUnfinished() async throws {
    try await TestStore.run { _ in
      let product = try #require(try await Product.products(for: [Self.lives]).first)
      guard case let .success(.verified(transaction)) = try await product.purchase(options: [.quantity(3)]) else {
        Issue.record("expected a verified purchase")
        return
      }
      #expect(transaction.purchasedQuantity == 3)
      var unfinished: [UInt64] = []
      for await result in Transaction.unfinished { unfinished.append(result.unsafePayloadValue.id) }
      #expect(unfinished == [transaction.id])
      await transaction.finish()
      await transaction.finish()
      var after: [UInt64] = []
      for await result in Transaction.unfinished { after.append(result.unsafePayloadValue.id) }
      #expect(after.isEmpty)
    }
  }

  /// A transaction the app did not finish is still there at its next launch: another
  /// connection to the same store (a new process) sees it unfinished, and its update
  /// listener gets it first.
  @Test func anUnfinishedTransactionIsThereAtTheNextLaunch() async throws {
    try await TestStore.run { store in
      let product = try #require(try await Product.products(for: [Self.maps]).first)
      guard case let .success(.verified(bought)) = try await product.purchase() else {
        Issue.record("expected a verified purchase")
        return
      }
      let relaunched = StoreConnection(url: store.url, namespace: store.namespace)
      try await StoreContext.$current.withValue(relaunched) {
        var unfinished: [UInt64] = []
        for await result in Transaction.unfinished { unfinished.append(result.unsafePayloadValue.id) }
        #expect(unfinished == [bought.id])
        let update = await first(of: Transaction.updates) { _ in true }
        #expect(update?.unsafePayloadValue.id == bought.id)
        try await #require(update).payloadValue.finish()
        var after: [UInt64] = []
        for await result in Transaction.unfinished { after.append(result.unsafePayloadValue.id) }
        #expect(after.isEmpty)
      }
    }
  }

  @Test func aCancelledPaymentIsUserCancelledNotAnError() async throws {
    try await TestStore.run { store in
      try await TestStore.set(store, [("fail-purchase", .string("paymentCancelled"))])
      let product = try #require(try await Product.products(for: [Self.maps]).first)
      guard case .userCancelled = try await product.purchase() else {
        Issue.record("expected userCancelled")
        return
      }
    }
  }

  @Test func refusalsArePurchaseErrors() async throws {
    try await TestStore.run { store in
      let product = try #require(try await Product.products(for: [Self.lives]).first)
      await #expect(throws: Product.PurchaseError.invalidQuantity) { _ = try await product.purchase(options: [.quantity(11)]) }
      try await TestStore.set(store, [("can-make-payments", .bool(false))])
      #expect(!AppStore.canMakePayments)
      await #expect(throws: Product.PurchaseError.purchaseNotAllowed) { _ = try await product.purchase() }
      try await TestStore.set(store, [("can-make-payments", .bool(true))])
      #expect(AppStore.canMakePayments)
      _ = try await store.call("POST", "/products/\(Self.lives)/remove-from-sale")
      await #expect(throws: Product.PurchaseError.productUnavailable) { _ = try await product.purchase() }
    }
  }

  @Test func askToBuyIsPending() async throws {
    try await TestStore.run { store in
      try await TestStore.set(store, [("ask-to-buy", .bool(true))])
      let product = try #require(try await Product.products(for: [Self.maps]).first)
      guard case .pending = try await product.purchase() else {
        Issue.record("expected pending")
        return
      }
    }
  }

  @Test func simulatedAskToBuyIsPendingInTheSandboxOnly() async throws {
    try await TestStore.run { store in
      let product = try #require(try await Product.products(for: [Self.lives]).first)
      guard case .success = try await product.purchase(options: [.simulatesAskToBuyInSandbox(true)]) else {
        Issue.record("expected a purchase outside the sandbox")
        return
      }
      try await TestStore.set(store, [("environment", .string("Sandbox"))])
      guard case .pending = try await product.purchase(options: [.simulatesAskToBuyInSandbox(true)]) else {
        Issue.record("expected a pending purchase in the sandbox")
        return
      }
    }
  }
}
