import Foundation
import Testing

@testable import IAPFormats
@testable import StoreKit

/// Offers through `PurchaseOption`: a win-back offer the renewal info says the customer may
/// redeem, and the `Product.PurchaseError` of an offer the store refuses.
@Suite struct OfferTests {
  static let monthly = "com.example.fakegame.pro.monthly"

  @Test func aLapsedSubscriberRedeemsAWinBackOffer() async throws {
    try await TestStore.run { store in
      let product = try #require(try await Product.products(for: [Self.monthly]).first)
      let offer = try #require(product.subscription?.winBackOffers.first)
      #expect(offer.id == "comeback.free_month")
      #expect(offer.type == .winBack)
      #expect(offer.paymentMode == .freeTrial)
      #expect(offer.price == 0)
      // Never subscribed: not eligible.
      await #expect(throws: Product.PurchaseError.ineligibleForOffer) { _ = try await product.purchase(options: [.winBackOffer(offer)]) }
      guard case let .success(.verified(first)) = try await product.purchase() else {
        Issue.record("expected a verified purchase")
        return
      }
      await first.finish()
      _ = try await store.call("POST", "/subscriptions/\(Self.monthly)/cancel")
      _ = try await store.call("POST", "/clock/advance", body: .object([("by", .string("70d"))]))
      let status = try #require(try await Product.SubscriptionInfo.status(for: "pro").first)
      #expect(status.state == .expired)
      #expect(try status.renewalInfo.payloadValue.eligibleWinBackOfferIDs == ["comeback.free_month"])
      guard case let .success(.verified(back)) = try await product.purchase(options: [.winBackOffer(offer)]) else {
        Issue.record("expected the win-back offer redeemed")
        return
      }
      #expect(back.offer?.type == .winBack)
      #expect(back.offer?.id == "comeback.free_month")
      #expect(back.offer?.paymentMode == .freeTrial)
      #expect(back.price == 0)
    }
  }

  @Test func aPromotionalOfferWithABadSignatureIsRefused() async throws {
    try await TestStore.run { _ in
      let product = try #require(try await Product.products(for: [Self.monthly]).first)
      let option = Product.PurchaseOption.promotionalOffer(
        offerID: "winback.half_price", keyID: "NOKEY00000", nonce: UUID(), signature: Data([1, 2, 3]),
        timestamp: Int(Date().timeIntervalSince1970 * 1000))
      await #expect {
        _ = try await product.purchase(options: [option])
      } throws: { error in
        guard let refusal = error as? Product.PurchaseError else { return false }
        return refusal == .invalidOfferSignature || refusal == .invalidOfferIdentifier
      }
    }
  }
}
