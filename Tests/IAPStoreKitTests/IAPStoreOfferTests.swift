import Foundation
import Testing

@testable import IAPFormats
@testable import IAPStoreKit

/// IAPStoreKit's offer purchase options against a real store (issue 29): an offer code and a
/// win-back offer reach the control plane, and the signed transaction and renewal info say
/// what was redeemed.
@Suite struct IAPStoreOfferTests {
  let server: StoreServer
  let store: IAPStore
  static let coins = "com.example.fakegame.coins_1000"
  static let monthly = "com.example.fakegame.pro.monthly"

  /// The bundled catalog has an offer code on the coins and a win-back offer on the monthly
  /// subscription.
  init() throws {
    server = try StoreServer()
    store = IAPStore(url: server.url, namespace: "app")
  }

  func product(_ id: String) async throws -> Product {
    try #require(try await store.products(for: [id]).first)
  }

  @Test func anOfferCodePricesTheOneTimePurchase() async throws {
    guard case let .success(.verified(t)) = try await store.purchase(try await product(Self.coins), options: [.codeOffer(referenceName: "coins.half_price")]) else {
      Issue.record("not purchased")
      return
    }
    #expect(t.offerType == 3 && t.offerID == "coins.half_price")
    let coins = try await product(Self.coins)
    do {
      _ = try await store.purchase(coins, options: [.codeOffer(referenceName: "NOPE")])
      Issue.record("an unknown code was redeemed")
    } catch {
      #expect(error.name == "invalidOfferIdentifier")
    }
  }

  @Test func aLapsedSubscriberSeesAndRedeemsAWinBackOffer() async throws {
    _ = try await store.purchase(try await product(Self.monthly))
    try server.control("POST", "/subscriptions/\(Self.monthly)/cancel", namespace: "app")
    try server.control("POST", "/clock/advance", #"{"by": "40d"}"#, namespace: "app")
    let status = try #require(try await store.subscriptionStatus(for: Self.monthly).first)
    #expect(status.renewalInfo.unsafePayloadValue.eligibleWinBackOfferIDs.isEmpty, "a month must pass")
    try server.control("POST", "/clock/advance", #"{"by": "1M"}"#, namespace: "app")
    let later = try #require(try await store.subscriptionStatus(for: Self.monthly).first)
    #expect(later.renewalInfo.unsafePayloadValue.eligibleWinBackOfferIDs == ["comeback.free_month"])
    guard case let .success(.verified(t)) = try await store.purchase(try await product(Self.monthly), options: [.winBackOffer("comeback.free_month")]) else {
      Issue.record("not purchased")
      return
    }
    #expect(t.offerType == 4 && t.offerID == "comeback.free_month")
  }
}
