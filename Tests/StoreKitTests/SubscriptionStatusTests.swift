import Foundation
import Testing

@testable import IAPFormats
@testable import StoreKit

/// `Product.SubscriptionInfo.Status`, its renewal info, and `Status.updates`.
@Suite struct SubscriptionStatusTests {
  static let monthly = "com.example.fakegame.pro.monthly"
  static let yearly = "com.example.fakegame.pro.yearly"

  @Test func aSubscriptionsStatusAndRenewalInfoAreTyped() async throws {
    try await TestStore.run { store in
      let product = try #require(try await Product.products(for: [Self.monthly]).first)
      let token = UUID()
      guard case let .success(.verified(bought)) = try await product.purchase(options: [.appAccountToken(token)]) else {
        Issue.record("expected a verified purchase")
        return
      }
      let subscription = try #require(product.subscription)
      let statuses = try await subscription.status
      #expect(statuses.count == 1)
      let status = try #require(statuses.first)
      #expect(status.state == .subscribed)
      #expect(try status.transaction.payloadValue.id == bought.id)
      let info = try status.renewalInfo.payloadValue
      #expect(info.originalTransactionID == bought.originalID)
      #expect(info.currentProductID == Self.monthly)
      #expect(info.autoRenewPreference == Self.monthly)
      #expect(info.willAutoRenew)
      #expect(info.expirationReason == nil)
      #expect(!info.isInBillingRetry)
      #expect(info.priceIncreaseStatus == .noIncreasePending)
      #expect(info.renewalDate == bought.expirationDate)
      #expect(info.renewalPrice == Decimal(string: "4.99"))
      #expect(info.currency?.identifier == "USD")
      #expect(info.appAccountToken == token)
      #expect(info.environment == .xcode)
      #expect(status.renewalInfo.jwsRepresentation.split(separator: ".").count == 3)
      let byGroup = try await Product.SubscriptionInfo.status(for: "pro")
      #expect(byGroup.map(\.state) == [.subscribed])
      #expect(byGroup.map { $0.transaction.unsafePayloadValue.id } == [bought.id])
      #expect(await bought.subscriptionStatus?.state == .subscribed)
      #expect(!(await subscription.isEligibleForIntroOffer))

      _ = try await store.call("POST", "/subscriptions/\(Self.monthly)/expire")
      let expired = try #require(try await Product.SubscriptionInfo.status(for: "pro").first)
      #expect(expired.state == .expired)
      #expect(try expired.renewalInfo.payloadValue.expirationReason != nil)
    }
  }

  @Test func statusUpdatesDeliverChangesAsTheyHappen() async throws {
    try await TestStore.run { store in
      let product = try #require(try await Product.products(for: [Self.monthly]).first)
      guard case .success(.verified) = try await product.purchase() else {
        Issue.record("expected a verified purchase")
        return
      }
      let collected = Collected<Product.SubscriptionInfo.Status>()
      let task = Task {
        for await status in Product.SubscriptionInfo.Status.updates { await collected.add(status) }
      }
      defer { task.cancel() }
      // The status in force when listening starts is not a change; turning auto-renew off is.
      try await Task.sleep(nanoseconds: 1_500_000_000)
      #expect(await collected.elements.isEmpty)
      _ = try await store.call("POST", "/subscriptions/\(Self.monthly)/cancel")
      #expect(
        await eventually {
          await collected.elements.contains { (try? $0.renewalInfo.payloadValue.willAutoRenew) == false }
        })
    }
  }

  @Test func aPriceIncreaseIsInTheRenewalInfoAndAMessage() async throws {
    try await TestStore.run { store in
      let product = try #require(try await Product.products(for: [Self.monthly]).first)
      guard case .success(.verified) = try await product.purchase() else {
        Issue.record("expected a verified purchase")
        return
      }
      _ = try await store.call("POST", "/subscriptions/\(Self.monthly)/price-increase", body: .object([("price", .string("5.99"))]))
      var groups: [(groupID: String, statuses: [Product.SubscriptionInfo.Status])] = []
      for await group in Product.SubscriptionInfo.Status.all { groups.append(group) }
      #expect(groups.map(\.groupID) == ["pro"])
      let info = try #require(groups.first?.statuses.first).renewalInfo.unsafePayloadValue
      #expect(info.priceIncreaseStatus == .pending)
      let message = await first(of: Message.messages) { _ in true }
      #expect(message?.reason == .priceIncreaseConsent)
    }
  }

  /// `Message.Reason.generic`: a message the App Store sends of its own reaches
  /// `Message.messages` as the others do.
  @Test func theAppStoresOwnMessageIsGeneric() async throws {
    try await TestStore.run { store in
      _ = try await store.call("POST", "/messages/send")
      let message = await first(of: Message.messages) { _ in true }
      #expect(message?.reason == .generic)
    }
  }
}
