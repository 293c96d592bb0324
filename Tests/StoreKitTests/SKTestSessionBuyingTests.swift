import Foundation
import Testing

@testable import StoreKit
@testable import StoreKitTest

/// `SKTestSession.buyProduct(identifier:options:)` as a test uses it: the `Transaction`
/// bought, with StoreKit's purchase options and StoreKitTest's `purchaseDate`; each test in a
/// store of its own (`.iapStore`), which StoreKit's static calls reach.
@Suite(.iapStore(configuration: "Products")) struct SKTestSessionBuyingTests {
  /// A month, as the tests date purchases back.
  static let month: TimeInterval = 30 * 24 * 60 * 60

  @Test func buyingWithOptionsAnswersTheTransactionBought() async throws {
    let session = try SKTestSession(configurationFileNamed: "Products")
    let token = UUID()
    let coins = try await session.buyProduct(identifier: "shop.coins", options: [.quantity(3), .appAccountToken(token)])
    #expect(coins.productID == "shop.coins")
    #expect(coins.productType == .consumable)
    #expect(coins.purchasedQuantity == 3)
    #expect(coins.appAccountToken == token)

    let levels = try await session.buyProduct(identifier: "shop.levels")
    #expect(levels.productType == .nonConsumable)
    #expect(session.allTransactions().map(\.identifier) == [UInt(coins.id), UInt(levels.id)])
    #expect(session.allTransactions().map(\.state) == [.purchased, .purchased])

    // Bought outside the app: the app has them to deliver and finish.
    var unfinished: [UInt64] = []
    for await result in Transaction.unfinished { unfinished.append(try result.payloadValue.id) }
    #expect(unfinished.sorted() == [coins.id, levels.id])
    await #expect(throws: SKTestError(.invalidProductIdentifier)) { try await session.buyProduct(identifier: "shop.nothing") }
  }

  @Test func aPurchaseDateInThePastIsTheTransactionsPurchaseDate() async throws {
    let session = try SKTestSession(configurationFileNamed: "Products")
    let monthAgo = Date.now.addingTimeInterval(-Self.month)
    try await session.buyProduct(identifier: "shop.levels", options: [.purchaseDate(monthAgo)])
    let recorded = try #require(session.allTransactions().first)
    #expect(abs(recorded.purchaseDate.timeIntervalSince(monthAgo)) < 1, "the test environment's dates have whole seconds")
    #expect(recorded.state == .purchased)

    var entitled: [Transaction] = []
    for await result in Transaction.currentEntitlements { entitled.append(try result.payloadValue) }
    #expect(entitled.map(\.productID) == ["shop.levels"])
    #expect(abs(try #require(entitled.first).purchaseDate.timeIntervalSince(monthAgo)) < 0.001)
  }

  @Test func aSubscriptionBoughtEarlierHasRenewedUntilNow() async throws {
    let session = try SKTestSession(configurationFileNamed: "Products")
    let bought = Date.now.addingTimeInterval(-2.5 * Self.month)
    let first = try await session.buyProduct(identifier: "shop.club.monthly", options: [.purchaseDate(bought)])
    #expect(abs(first.purchaseDate.timeIntervalSince(bought)) < 0.001)
    #expect(try #require(first.expirationDate) < .now)

    let all = session.allTransactions()
    #expect(all.count == 3, "the purchase, then a renewal a month later and another two months later")
    #expect(all.allSatisfy { $0.originalTransactionIdentifier == UInt(first.id) && $0.autoRenewingEnabled })
    let current = try #require(await Product.products(for: ["shop.club.monthly"]).first?.latestTransaction?.payloadValue)
    #expect(try #require(current.expirationDate) > .now)
    #expect(UInt(current.id) == all.last?.identifier)
  }

  @Test func cancelImmediatelyGivesOnePeriodThatDoesNotRenew() async throws {
    let session = try SKTestSession(configurationFileNamed: "Products")
    let bought = Date.now.addingTimeInterval(-1.5 * Self.month)
    try await session.buyProduct(identifier: "shop.club.monthly", options: [.purchaseDate(bought, renewalBehavior: .cancelImmediately)])
    let only = try #require(session.allTransactions().first)
    #expect(session.allTransactions().count == 1)
    #expect(!only.autoRenewingEnabled)
    #expect(try #require(only.expirationDate) < .now)
    var entitled = 0
    for await _ in Transaction.currentEntitlements { entitled += 1 }
    #expect(entitled == 0, "expired after its one period")
  }

  @Test func aPurchaseDateAfterNowIsRefused() async throws {
    let session = try SKTestSession(configurationFileNamed: "Products")
    await #expect {
      try await session.buyProduct(identifier: "shop.levels", options: [.purchaseDate(.now.addingTimeInterval(3_600))])
    } throws: { error in
      guard case let .systemError(cause)? = error as? StoreKitError else { return false }
      return "\(cause)".contains("after the store's time")
    }
    #expect(session.allTransactions().isEmpty)
  }

  @Test func aPurchaseWaitingForAskToBuyHasNoTransactionYet() async throws {
    let session = try SKTestSession(configurationFileNamed: "Products")
    session.askToBuyEnabled = true
    await #expect(throws: SKTestError(.invalidAction)) { try await session.buyProduct(identifier: "shop.levels") }
    let waiting = try #require(session.allTransactions().first)
    #expect(waiting.state == .deferred)
    #expect(waiting.pendingAskToBuyConfirmation)
    try session.approveAskToBuyTransaction(identifier: waiting.identifier)
    #expect(session.allTransactions().first?.state == .purchased)
  }

  @Test func aCancelledPurchaseThrowsUserCancelled() async throws {
    let session = try SKTestSession(configurationFileNamed: "Products")
    session.failureError = .paymentCancelled
    session.failTransactionsEnabled = true
    await #expect {
      try await session.buyProduct(identifier: "shop.levels")
    } throws: { error in
      if case .userCancelled? = error as? StoreKitError { return true } else { return false }
    }
  }
}
