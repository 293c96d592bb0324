import Foundation
import Testing

@testable import IAPFormats
@testable import StoreKit
@testable import StoreKitTest

/// `SKTestSession.setSimulatedError(_:forAPI:)` and the older `failTransactionsEnabled` with
/// `failureError`, as a test uses them: StoreKit 2's calls throw the very error set, StoreKit 1's
/// payments fail with the `SKError` code set, and nil ends the failure.
@Suite(.iapStore(configuration: "Products")) struct SKTestSessionSimulatedErrorTests {
  init() { SK1Fixture.markMainQueue() }

  /// Whether `error` is `StoreKitError.networkError` with `code`.
  static func isNetworkError(_ error: any Error, _ code: URLError.Code) -> Bool {
    guard case let .networkError(cause)? = error as? StoreKitError else { return false }
    return cause.code == code
  }

  @Test func loadingProductsThrowsTheErrorSetUntilItIsCleared() async throws {
    let session = try SKTestSession(configurationFileNamed: "Products")
    #expect(await session.simulatedError(forAPI: .loadProducts) == nil)
    try await session.setSimulatedError(.generic(.networkError(URLError(.badURL))), forAPI: .loadProducts)
    await #expect { try await Product.products(for: ["shop.coins"]) } throws: { Self.isNetworkError($0, .badURL) }
    #expect(await session.simulatedError(forAPI: .loadProducts) == .generic(.networkError(URLError(.badURL))))
    #expect(try session.request("GET", "/settings")["settings"]?["fail-load-products"]?["value"]?.stringValue == "cloudServiceNetworkConnectionFailed")

    try await session.setSimulatedError(nil, forAPI: .loadProducts)
    #expect(try await Product.products(for: ["shop.coins"]).map(\.id) == ["shop.coins"])
    #expect(await session.simulatedError(forAPI: .loadProducts) == nil)
  }

  @Test func purchasesThrowThePurchaseErrorSetUntilItIsCleared() async throws {
    let session = try SKTestSession(configurationFileNamed: "Products")
    let product = try #require(await Product.products(for: ["shop.levels"]).first)
    try await session.setSimulatedError(.purchase(.productUnavailable), forAPI: .purchase)
    await #expect(throws: Product.PurchaseError.productUnavailable) { try await product.purchase() }
    await #expect(throws: Product.PurchaseError.productUnavailable) { try await session.buyProduct(identifier: "shop.levels") }
    #expect(await session.simulatedError(forAPI: .purchase) == .purchase(.productUnavailable))
    #expect(session.failTransactionsEnabled, "the store fails purchases: the older switch says so")

    try await session.setSimulatedError(.purchase(.invalidQuantity), forAPI: .purchase)
    await #expect(throws: Product.PurchaseError.invalidQuantity) { try await product.purchase() }
    try await session.setSimulatedError(.generic(.notEntitled), forAPI: .purchase)
    await #expect { try await product.purchase() } throws: { error in
      if case .notEntitled? = error as? StoreKitError { return true } else { return false }
    }

    try await session.setSimulatedError(nil, forAPI: .purchase)
    guard case .success(.verified(let transaction)) = try await product.purchase() else {
      Issue.record("the purchase did not succeed once the error was cleared")
      return
    }
    #expect(transaction.productID == "shop.levels")
    #expect(await session.simulatedError(forAPI: .purchase) == nil)
  }

  @Test func aVerificationErrorLeavesSignedValuesUnverifiedUntilCleared() async throws {
    let session = try SKTestSession(configurationFileNamed: "Products")
    let product = try #require(await Product.products(for: ["shop.coins"]).first)
    try await session.setSimulatedError(.verification(.invalidEncoding), forAPI: .verification)
    guard case .success(.unverified(_, let error)) = try await product.purchase() else {
      Issue.record("a purchase was verified while verification fails")
      return
    }
    #expect(error == .invalidEncoding)
    #expect(await session.simulatedError(forAPI: .verification) == .verification(.invalidEncoding))

    try await session.setSimulatedError(nil, forAPI: .verification)
    guard case .success(.verified) = try await product.purchase() else {
      Issue.record("a purchase was not verified once the error was cleared")
      return
    }
  }

  @Test func aFailureSetOnTheStoreIsTheSimulatedErrorItNames() async throws {
    let session = try SKTestSession(configurationFileNamed: "Products")
    // As `iap settings set fail-app-store-sync clientInvalid` does, from outside the session.
    _ = try session.request("PATCH", "/settings", body: .object([("fail-app-store-sync", .string("clientInvalid"))]))
    #expect(await session.simulatedError(forAPI: .appStoreSync) == .generic(.notEntitled))
    await #expect { try await AppStore.sync() } throws: { error in
      if case .notEntitled? = error as? StoreKitError { return true } else { return false }
    }
    let group = try #require(await Product.products(for: ["shop.club.monthly"]).first?.subscription?.subscriptionGroupID)
    try await session.setSimulatedError(.generic(.networkError(URLError(.timedOut))), forAPI: .subscriptionStatus)
    await #expect { try await Product.SubscriptionInfo.status(for: group) } throws: { Self.isNetworkError($0, .timedOut) }

    session.resetToDefaultState()
    #expect(await session.simulatedError(forAPI: .appStoreSync) == nil)
    #expect(await session.simulatedError(forAPI: .subscriptionStatus) == nil)
    try await AppStore.sync()
  }

  @Test func failingTransactionsGiveAFailedStoreKit1TransactionWithTheFailureError() async throws {
    let session = try SKTestSession(configurationFileNamed: "Products")
    #expect(session.failureError == .unknown)
    session.failureError = .invalidOfferPrice
    #expect(!session.failTransactionsEnabled, "set while off, it waits")
    session.failTransactionsEnabled = true
    #expect(session.failureError == .invalidOfferPrice)

    let queue = SKPaymentQueue.default()
    let observer = SKRecordingObserver()
    queue.add(observer)
    defer { queue.remove(observer) }
    let payment = SKMutablePayment()
    payment.productIdentifier = "shop.levels"
    queue.add(payment)
    #expect(try await observer.wait { $0.hasPrefix("updated shop.levels failed") })
    #expect((observer.transactions.last?.error as? SKError)?.code == .invalidOfferPrice)
    #expect(session.allTransactions().map(\.state) == [.failed])

    // StoreKit 2 sees the same failure as its own error.
    let product = try #require(await Product.products(for: ["shop.levels"]).first)
    await #expect(throws: Product.PurchaseError.invalidOfferPrice) { try await product.purchase() }

    session.failureError = .paymentNotAllowed
    await #expect(throws: Product.PurchaseError.purchaseNotAllowed) { try await product.purchase() }
    session.failTransactionsEnabled = false
    guard case .success = try await product.purchase() else {
      Issue.record("the purchase did not succeed once failing transactions were off")
      return
    }
    for transaction in queue.transactions { queue.finishTransaction(transaction) }
  }
}
