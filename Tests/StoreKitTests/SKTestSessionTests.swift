import Foundation
import Testing

@testable import IAPFormats
@testable import StoreKit
@testable import StoreKitTest

/// `SKTestSession` over a namespace of its own: made from the test target's configuration
/// file, buying and reading transactions, Ask to Buy, refunds, interrupted purchases,
/// clearing, deleting, and the namespace going with the session. What a session did is
/// checked on the control plane, as a developer would.
@Suite struct SKTestSessionTests {
  @Test func aSessionSellsItsConfigurationFileFromTheTestBundle() throws {
    let file = try ConfigurationFile.named("Products")
    #expect(!file.url.path.contains("/Tests/StoreKitTests/"), "found in the built resources before the source folder: \(file.url.path)")
    let session = try SKTestSession(configurationFileNamed: "Products.storekit")
    let products = try session.request("GET", "/products")["products"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
    #expect(products?.sorted() == ["shop.club.monthly", "shop.coins", "shop.levels"])
    #expect(session.connection.namespace?.hasPrefix("skts-") == true)
    #expect(session.allTransactions().isEmpty)
  }

  @Test func aMissingConfigurationFileIsFileNotFoundNamingWhereItLooked() throws {
    do {
      _ = try SKTestSession(configurationFileNamed: "NoSuchConfiguration")
      Issue.record("a session was made without its file")
    } catch let error as SKTestError {
      #expect(error.code == .fileNotFound)
      #expect(error == SKTestError(.fileNotFound))
      #expect(error.localizedDescription.contains("NoSuchConfiguration.storekit"))
      #expect(error.localizedDescription.contains("/Tests/**"))
    }
    #expect(throws: SKTestError(.invalidURL)) { try SKTestSession(contentsOf: URL(fileURLWithPath: "/tmp/catalog.plist")) }
    #expect(throws: SKTestError(.fileNotFound)) { try SKTestSession(contentsOf: URL(fileURLWithPath: "/nonexistent/Products.storekit")) }
  }

  @Test func boughtProductsAreTheSessionsTransactionsAndAnUnknownOneIsRefused() async throws {
    let session = try SKTestSession(configurationFileNamed: "Products")
    try session.buyProduct(productIdentifier: "shop.levels")
    try await session.buyProduct(identifier: "shop.coins")
    let all = session.allTransactions()
    #expect(all.map(\.productIdentifier) == ["shop.levels", "shop.coins"])
    #expect(all.map(\.state) == [.purchased, .purchased])
    #expect(all.allSatisfy { $0.originalTransactionIdentifier == $0.identifier && $0.cancelDate == nil && !$0.hasPurchaseIssue })
    let unfinished = try session.request("GET", "/transactions/unfinished")["transactions"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
    #expect(unfinished == all.map { String($0.identifier) }, "bought outside the app: unfinished, for the app to deliver")

    #expect(throws: SKTestError(.invalidProductIdentifier)) { try session.buyProduct(productIdentifier: "shop.nothing") }
    #expect(session.allTransactions().count == 2, "no failed transaction for a product the file does not sell")
  }

  @Test func askToBuyRequestsWaitUntilApprovedOrDeclined() throws {
    let session = try SKTestSession(configurationFileNamed: "Products")
    #expect(!session.askToBuyEnabled)
    session.askToBuyEnabled = true
    #expect(session.askToBuyEnabled)
    try session.buyProduct(productIdentifier: "shop.levels")
    try session.buyProduct(productIdentifier: "shop.coins")
    let waiting = session.allTransactions()
    #expect(waiting.map(\.pendingAskToBuyConfirmation) == [true, true])

    try session.approveAskToBuyTransaction(identifier: waiting[0].identifier)
    try session.declineAskToBuyTransaction(identifier: waiting[1].identifier)
    let answered = session.allTransactions()
    #expect(answered.map(\.state) == [.purchased, .failed])
    #expect(answered.allSatisfy { !$0.pendingAskToBuyConfirmation })
    #expect(throws: SKTestError(.invalidAction)) { try session.approveAskToBuyTransaction(identifier: waiting[0].identifier) }
  }

  @Test func aRefundRevokesTheTransactionOnce() throws {
    let session = try SKTestSession(configurationFileNamed: "Products")
    try session.buyProduct(productIdentifier: "shop.levels")
    let bought = try #require(session.allTransactions().first)
    try session.refundTransaction(identifier: bought.identifier)
    let refunded = try #require(session.allTransactions().first)
    #expect(refunded.cancelDate != nil)
    let entitlements = try session.request("GET", "/entitlements")["transactions"]?.arrayValue
    #expect(entitlements?.isEmpty == true)
    #expect(throws: SKTestError(.invalidAction)) { try session.refundTransaction(identifier: bought.identifier) }
    #expect(throws: SKTestError(.noTransactionFound)) { try session.refundTransaction(identifier: 9_999) }
  }

  @Test func anInterruptedPurchaseHasAnIssueUntilResolved() throws {
    let session = try SKTestSession(configurationFileNamed: "Products")
    session.interruptedPurchasesEnabled = true
    try session.buyProduct(productIdentifier: "shop.levels")
    let interrupted = try #require(session.allTransactions().first)
    #expect(interrupted.hasPurchaseIssue)
    #expect(interrupted.state == .failed)
    session.interruptedPurchasesEnabled = false
    try session.resolveIssueForTransaction(identifier: interrupted.identifier)
    let after = session.allTransactions()
    #expect(after.map(\.hasPurchaseIssue) == [false, false])
    #expect(after.map(\.state) == [.failed, .purchased], "a new purchase completes it")
  }

  @Test func failingTransactionsFailPurchasesWithTheirError() async throws {
    let session = try SKTestSession(configurationFileNamed: "Products")
    session.failTransactionsEnabled = true
    #expect(session.failTransactionsEnabled)
    #expect(session.setting("fail-purchase") == "unknown")
    try session.buyProduct(productIdentifier: "shop.levels")
    #expect(session.allTransactions().map(\.state) == [.failed], "recorded, not thrown: the app sees it fail")
    await #expect {
      try await session.buyProduct(identifier: "shop.levels")
    } throws: { error in
      if case .unknown? = error as? StoreKitError { return true } else { return false }
    }
    session.failTransactionsEnabled = false
    #expect(session.setting("fail-purchase") == "off")
  }

  @Test func clearingAndDeletingRemoveTransactions() throws {
    let session = try SKTestSession(configurationFileNamed: "Products")
    try session.buyProduct(productIdentifier: "shop.levels")
    try session.buyProduct(productIdentifier: "shop.coins")
    let first = try #require(session.allTransactions().first)
    try session.deleteTransaction(identifier: first.identifier)
    #expect(session.allTransactions().map(\.productIdentifier) == ["shop.coins"])
    #expect(throws: SKTestError(.noTransactionFound)) { try session.deleteTransaction(identifier: first.identifier) }
    session.clearTransactions()
    #expect(session.allTransactions().isEmpty)
    try session.buyProduct(productIdentifier: "shop.levels")
    #expect(session.allTransactions().count == 1, "the non-consumable can be bought again")
  }

  @Test func twoSessionsAtOnceNeverSeeEachOthersTransactions() throws {
    let first = try SKTestSession(configurationFileNamed: "Products")
    let second = try SKTestSession(configurationFileNamed: "Products")
    try first.buyProduct(productIdentifier: "shop.levels")
    try second.buyProduct(productIdentifier: "shop.coins")
    try second.buyProduct(productIdentifier: "shop.coins")
    second.askToBuyEnabled = true
    #expect(first.allTransactions().map(\.productIdentifier) == ["shop.levels"])
    #expect(second.allTransactions().map(\.productIdentifier) == ["shop.coins", "shop.coins"])
    #expect(!first.askToBuyEnabled)
    #expect(first.connection.namespace != second.connection.namespace)
  }

  @Test func deinitializingTheSessionDeletesItsNamespace() throws {
    var namespace: StoreConnection?
    do {
      let session = try SKTestSession(configurationFileNamed: "Products")
      try session.buyProduct(productIdentifier: "shop.levels")
      namespace = session.connection
      #expect(StoreContext.session.current != nil)
    }
    let gone = try #require(namespace)
    #expect(StoreContext.session.current !== gone, "no longer the process's store")
    // Asking the namespace again makes a new, empty one: the file's products and the purchase are gone.
    let products = try gone.callBlocking("GET", "/products")["products"]?.arrayValue ?? []
    #expect(!products.contains { $0["id"]?.stringValue == "shop.levels" })
    #expect(try gone.callBlocking("GET", "/transactions")["transactions"]?.arrayValue?.isEmpty == true)
    _ = try gone.callBlocking("DELETE", "")
  }

  @Test func sessionsOutsideSwiftTestingAreDeletedWhenTheLimitNeedsRoom() async throws {
    // A detached task runs outside this test, as an XCTest case does; XCTest keeps its session.
    let kept = try await Task.detached { try SKTestSession(configurationFileNamed: "Products") }.value
    try kept.buyProduct(productIdentifier: "shop.levels")
    let inTest = try SKTestSession(configurationFileNamed: "Products")
    try inTest.buyProduct(productIdentifier: "shop.levels")

    #expect(SupersededSessions.shared.deleteAll())
    #expect(kept.allTransactions().isEmpty, "its namespace was deleted: asked again, it is a new, empty one")
    #expect(inTest.allTransactions().count == 1, "a session of a Swift Testing test is never deleted under it")
    #expect(!SupersededSessions.shared.deleteAll())
  }
}
