import Foundation
import Testing

@testable import IAPFormats
@testable import StoreKit

/// Rules of the App Store an app meets through StoreKit 2: what `Transaction.updates` leaves
/// out, which transaction is the latest, whose intro offer eligibility it is, which quantities
/// are sold, and the offers redeemed outside the app's own purchase code.
@Suite struct StoreRuleTests {
  static let maps = "com.example.fakegame.unlock_maps"
  static let lives = "com.example.fakegame.extra_lives"
  static let coins = "com.example.fakegame.coins_1000"
  static let monthly = "com.example.fakegame.pro.monthly"
  static let yearly = "com.example.fakegame.pro.yearly"

  /// A listener running while the app buys does not get what `purchase()` returned: the
  /// first update of that transaction is its refund.
  @Test func whatPurchaseReturnedReachesTheListenerOnlyOnceItChanges() async throws {
    try await TestStore.run { store in
      let collected = Collected<VerificationResult<Transaction>>()
      let listener = Task {
        for await update in Transaction.updates { await collected.add(update) }
      }
      defer { listener.cancel() }
      var listening = false
      for _ in 0..<20 where !listening {
        let marker = try await TestStore.buyElsewhere(store, Self.lives)
        listening = await eventually(within: 1) { await collected.elements.contains { $0.unsafePayloadValue.id == marker } }
      }
      try #require(listening, "the listener never started")
      let product = try #require(try await Product.products(for: [Self.maps]).first)
      guard case let .success(.verified(bought)) = try await product.purchase() else {
        Issue.record("expected a verified purchase")
        return
      }
      _ = try await store.call("POST", "/transactions/\(bought.id)/refund")
      #expect(await eventually { await collected.elements.contains { $0.unsafePayloadValue.id == bought.id } })
      let first = await collected.elements.first { $0.unsafePayloadValue.id == bought.id }?.unsafePayloadValue
      #expect(first?.revocationDate != nil, "the first update of the purchase is its refund")
    }
  }

  /// Once the clock has passed a period's end, the latest transaction of the subscription is
  /// its renewal: a new id, the same original id.
  @Test func theLatestTransactionOfARenewedSubscriptionIsTheRenewal() async throws {
    try await TestStore.run { store in
      let product = try #require(try await Product.products(for: [Self.monthly]).first)
      guard case let .success(.verified(first)) = try await product.purchase() else {
        Issue.record("expected a verified purchase")
        return
      }
      await first.finish()
      _ = try await store.call("POST", "/clock/advance", body: .object([("by", .string("32d"))]))
      let renewal = try #require(await Transaction.latest(for: Self.monthly)).unsafePayloadValue
      #expect(renewal.originalID == first.id && renewal.id != first.id)
      #expect(renewal.reason == .renewal)
    }
  }

  /// Eligibility for an introductory offer is the subscription group's: a subscriber to the
  /// monthly plan is not eligible on the yearly one.
  @Test func introOfferEligibilityIsTheGroups() async throws {
    try await TestStore.run { _ in
      let products = try await Product.products(for: [Self.monthly, Self.yearly])
      let monthly = try #require(products.first { $0.id == Self.monthly })
      let yearly = try #require(products.first { $0.id == Self.yearly })
      #expect(await yearly.subscription?.isEligibleForIntroOffer == true)
      guard case .success(.verified) = try await monthly.purchase() else {
        Issue.record("expected a verified purchase")
        return
      }
      #expect(await yearly.subscription?.isEligibleForIntroOffer == false)
    }
  }

  /// Only consumables are sold by the dozen: a quantity of a non-consumable is refused.
  @Test func aQuantityOfANonConsumableIsAnInvalidQuantity() async throws {
    try await TestStore.run { _ in
      let product = try #require(try await Product.products(for: [Self.maps]).first)
      await #expect(throws: Product.PurchaseError.invalidQuantity) { _ = try await product.purchase(options: [.quantity(2)]) }
    }
  }

  /// An offer code is redeemed outside the app's purchase code (Apple's redemption sheet,
  /// here the store's `offerCode`): the transaction reaches the app as an update, priced by
  /// the code and saying which code it was.
  @Test func anOfferCodeRedeemedOutsideTheAppArrivesAsACodeOffer() async throws {
    try await TestStore.run { store in
      let redeemed = try await store.call(
        "POST", "/purchases", body: .object([("productId", .string(Self.coins)), ("offerCode", .string("coins.half_price"))]))
      let id = try #require(redeemed["transactions"]?.arrayValue?.last?["id"]?.stringValue)
      let update = try #require(await first(of: Transaction.updates) { String($0.unsafePayloadValue.id) == id })
      guard case let .verified(transaction) = update else {
        Issue.record("the redeemed transaction is unverified")
        return
      }
      #expect(transaction.offer?.type == .code)
      #expect(transaction.offer?.id == "coins.half_price")
      #expect(transaction.price == Decimal(string: "2.49"))
      // A code the catalog does not have fails the purchase, as the sheet refuses it.
      let refused = try await store.call(
        "POST", "/purchases", body: .object([("productId", .string(Self.coins)), ("offerCode", .string("NOPE"))]))
      #expect(refused["error"]?["name"]?.stringValue == "invalidOfferIdentifier")
    }
  }

  /// A win-back offer is offered a month after the subscription lapsed, not before
  /// (the catalog's `eligibilityMonthsSinceLastSubscribed`).
  @Test func aWinBackOfferWaitsAMonthAfterTheLapse() async throws {
    try await TestStore.run { store in
      let product = try #require(try await Product.products(for: [Self.monthly]).first)
      guard case .success(.verified) = try await product.purchase() else {
        Issue.record("expected a verified purchase")
        return
      }
      _ = try await store.call("POST", "/subscriptions/\(Self.monthly)/cancel")
      _ = try await store.call("POST", "/clock/advance", body: .object([("by", .string("40d"))]))
      let lapsed = try #require(try await Product.SubscriptionInfo.status(for: "pro").first)
      #expect(lapsed.state == .expired)
      #expect(try lapsed.renewalInfo.payloadValue.eligibleWinBackOfferIDs.isEmpty, "ten days after the lapse")
      _ = try await store.call("POST", "/clock/advance", body: .object([("by", .string("1M"))]))
      let later = try #require(try await Product.SubscriptionInfo.status(for: "pro").first)
      #expect(try later.renewalInfo.payloadValue.eligibleWinBackOfferIDs == ["comeback.free_month"])
    }
  }
}
