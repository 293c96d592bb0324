import Foundation
import Testing

@testable import IAPFormats
@testable import StoreKit

/// `SKPaymentQueue`: payments, their transactions as observers hear them on the main queue,
/// finishing, and the transactions a launch finds unfinished.
@Suite struct SKPaymentQueueTests {
  init() { SK1Fixture.markMainQueue() }

  /// The payment is added on the main actor, as an app's button adds it, so no callback can
  /// run before `add` returns: the observer notes any that does.
  @MainActor @Test func aPurchaseIsPurchasingThenPurchasedAfterAddReturnedThenFinished() async throws {
    try await SK1Fixture.withStore("purchase") { connection in
      let queue = SKPaymentQueue.default()
      #expect(queue === SKPaymentQueue.default())
      let observer = SKRecordingObserver()
      queue.add(observer)
      #expect(queue.transactionObservers.count == 1)
      let payment = SKMutablePayment()
      payment.productIdentifier = "com.example.sk1.gems"
      payment.quantity = 2
      observer.callReturned = false
      queue.add(payment)
      observer.callReturned = true
      payment.quantity = 3
      #expect(try await observer.wait { $0.hasPrefix("updated com.example.sk1.gems purchased") })
      let lines = observer.lines
      #expect(lines.count == 2)
      #expect(lines.first == "updated com.example.sk1.gems purchasing -")
      #expect(observer.callbacksBeforeReturn == 0)
      #expect(observer.callbacksOffMain == 0)
      let transaction = try #require(observer.transactions.last)
      #expect(observer.transactions.first === transaction, "one object, its state changed in place")
      #expect(transaction.payment.quantity == 2, "the queue copied the payment")
      #expect(transaction.transactionDate != nil)
      let id = try #require(transaction.transactionIdentifier)
      #expect(lines.last == "updated com.example.sk1.gems purchased \(id)")
      #expect(queue.transactions.contains { $0 === transaction })
      #expect(try await SK1Fixture.unfinished(connection) == [id])

      queue.finishTransaction(transaction)
      #expect(try await observer.wait { $0 == "removed com.example.sk1.gems" })
      #expect(queue.transactions.isEmpty)
      #expect(try await SK1Fixture.unfinished(connection).isEmpty)
      queue.remove(observer)
      #expect(queue.transactionObservers.isEmpty)
    }
  }

  @Test func aFailedPurchaseCarriesAnSKErrorWithItsCode() async throws {
    try await SK1Fixture.withStore("failed") { connection in
      let queue = SKPaymentQueue.default()
      let observer = SKRecordingObserver()
      queue.add(observer)
      let unknown = SKMutablePayment()
      unknown.productIdentifier = "com.example.sk1.nope"
      queue.add(unknown)
      #expect(try await observer.wait { $0.hasPrefix("updated com.example.sk1.nope failed") })
      let failed = try #require(observer.transactions.last)
      #expect(failed.transactionIdentifier == nil)
      #expect((failed.error as? SKError)?.code == .storeProductNotAvailable)

      try await TestStore.set(connection, [("fail-purchase", .string("paymentCancelled"))])
      queue.add(SKPayment(product: try await Self.product("com.example.sk1.sword")))
      #expect(try await observer.wait { $0.hasPrefix("updated com.example.sk1.sword failed") })
      let cancelled = try #require(observer.transactions.last)
      let error = try #require(cancelled.error as? SKError)
      #expect(error.code == .paymentCancelled)
      #expect(error.errorCode == 2 && SKError.errorDomain == SKErrorDomain)
      #expect((error as NSError).domain == "SKErrorDomain")
      #expect(!error.localizedDescription.isEmpty)
      do {
        throw error
      } catch SKError.paymentCancelled {
      } catch {
        Issue.record("catch SKError.paymentCancelled did not match \(error)")
      }

      // Failed transactions stay in the queue until finished.
      #expect(try await SK1Fixture.unfinished(connection).count == 2)
      for transaction in queue.transactions { queue.finishTransaction(transaction) }
      #expect(try await SK1Fixture.eventually { queue.transactions.isEmpty })
      #expect(try await SK1Fixture.unfinished(connection).isEmpty)
      queue.remove(observer)
    }
  }

  @Test func aPaymentThatMayNotBeMadeFailsAndCanMakePaymentsSaysSo() async throws {
    try await SK1Fixture.withStore("not-allowed") { connection in
      #expect(SKPaymentQueue.canMakePayments())
      try await TestStore.set(connection, [("can-make-payments", .bool(false))])
      #expect(!SKPaymentQueue.canMakePayments())
      let queue = SKPaymentQueue.default()
      let observer = SKRecordingObserver()
      queue.add(observer)
      let payment = SKMutablePayment()
      payment.productIdentifier = "com.example.sk1.gems"
      queue.add(payment)
      #expect(try await observer.wait { $0.hasPrefix("updated com.example.sk1.gems failed") })
      #expect((observer.transactions.last?.error as? SKError)?.code == .paymentNotAllowed)
      queue.remove(observer)
    }
  }

  /// Ask to Buy, asked for by the payment in the Sandbox (where Apple applies it): the payment
  /// is deferred; approved from outside the app (as a parent does, here through the store's
  /// control route), the same transaction becomes purchased.
  @Test func askToBuyIsDeferredThenPurchasedWhenApproved() async throws {
    try await SK1Fixture.withStore("ask-to-buy") { connection in
      _ = try await connection.call("PATCH", "/settings", body: .object([("environment", .string("Sandbox"))]))
      let queue = SKPaymentQueue.default()
      let observer = SKRecordingObserver()
      queue.add(observer)
      let payment = SKMutablePayment(product: try await Self.product("com.example.sk1.sword"))
      payment.simulatesAskToBuyInSandbox = true
      queue.add(payment)
      #expect(try await observer.wait { $0 == "updated com.example.sk1.sword deferred -" })
      let deferred = try #require(observer.transactions.last)
      let waiting = try await connection.call("GET", "/transactions?state=deferred")
      let id = try #require(waiting["transactions"]?.arrayValue?.first?["id"]?.stringValue)

      _ = try await connection.call("POST", "/transactions/\(id)/approve")
      #expect(try await observer.wait { $0 == "updated com.example.sk1.sword purchased \(id)" })
      #expect(observer.transactions.last === deferred)
      #expect(deferred.transactionState == .purchased)
      queue.finishTransaction(deferred)
      #expect(try await observer.wait { $0 == "removed com.example.sk1.sword" })
      queue.remove(observer)
    }
  }

  /// A purchase left unfinished comes back at the next launch: a new connection to the same
  /// store is a new process, whose default queue delivers it to its first observer.
  @Test func anUnfinishedTransactionReappearsAtTheNextLaunch() async throws {
    try await SK1Fixture.withStore("relaunch") { connection in
      let firstLaunch = SKPaymentQueue.default()
      let before = SKRecordingObserver()
      firstLaunch.add(before)
      let payment = SKMutablePayment()
      payment.productIdentifier = "com.example.sk1.gems"
      firstLaunch.add(payment)
      #expect(try await before.wait { $0.hasPrefix("updated com.example.sk1.gems purchased") })
      let id = try #require(before.transactions.last?.transactionIdentifier)
      firstLaunch.remove(before)  // the app quits without finishing it

      let relaunched = StoreConnection(url: connection.url, namespace: connection.namespace)
      try await StoreContext.$current.withValue(relaunched) {
        let secondLaunch = SKPaymentQueue.default()
        #expect(secondLaunch !== firstLaunch)
        #expect(secondLaunch.transactions.isEmpty)
        let after = SKRecordingObserver()
        secondLaunch.add(after)
        #expect(try await after.wait { $0 == "updated com.example.sk1.gems purchased \(id)" })
        #expect(after.lines.count == 1)
        let transaction = try #require(after.transactions.first)
        #expect(transaction !== before.transactions.last)
        #expect(secondLaunch.transactions.count == 1)
        secondLaunch.finishTransaction(transaction)
        #expect(try await after.wait { $0 == "removed com.example.sk1.gems" })
        #expect(try await SK1Fixture.unfinished(connection).isEmpty)
        secondLaunch.remove(after)
      }
    }
  }

  /// Restore: a restored transaction for each non-consumable bought, with its original, then
  /// the finished callback; and the failure callback when the store fails restores.
  @Test func restoreDeliversRestoredTransactionsThenFinishes() async throws {
    try await SK1Fixture.withStore("restore") { connection in
      let queue = SKPaymentQueue.default()
      let observer = SKRecordingObserver()
      queue.add(observer)
      for product in ["com.example.sk1.sword", "com.example.sk1.gems"] {
        let payment = SKMutablePayment()
        payment.productIdentifier = product
        queue.add(payment)
        #expect(try await observer.wait { $0.hasPrefix("updated \(product) purchased") })
      }
      let sword = try #require(observer.transactions.first { $0.payment.productIdentifier == "com.example.sk1.sword" })
      let swordId = try #require(sword.transactionIdentifier)
      for transaction in queue.transactions { queue.finishTransaction(transaction) }
      #expect(try await SK1Fixture.eventually { queue.transactions.isEmpty })

      queue.restoreCompletedTransactions()
      #expect(try await observer.wait { $0 == "restore finished" })
      let restoredLines = observer.lines.filter { $0.contains(" restored ") }
      #expect(restoredLines.count == 1, "consumables are not restored")
      #expect(observer.lines.last == "restore finished", "the restored transactions come first")
      let restored = try #require(observer.transactions.last)
      #expect(restored.transactionState == .restored)
      #expect(restored.original?.transactionIdentifier == swordId)
      #expect(restored.original?.transactionState == .purchased)
      #expect(restored.transactionIdentifier != swordId)
      queue.finishTransaction(restored)

      try await TestStore.set(connection, [("fail-restore", .string("unknown"))])
      queue.restoreCompletedTransactions(withApplicationUsername: "player-1")
      #expect(try await observer.wait { $0 == "restore failed unknown" })
      queue.remove(observer)
    }
  }

  @Test func aRefundRevokesTheEntitlement() async throws {
    try await SK1Fixture.withStore("refund") { connection in
      let queue = SKPaymentQueue.default()
      let observer = SKRecordingObserver()
      queue.add(observer)
      let payment = SKMutablePayment()
      payment.productIdentifier = "com.example.sk1.sword"
      queue.add(payment)
      #expect(try await observer.wait { $0.hasPrefix("updated com.example.sk1.sword purchased") })
      let transaction = try #require(observer.transactions.last)
      let id = try #require(transaction.transactionIdentifier)
      queue.finishTransaction(transaction)
      _ = try await connection.call("POST", "/transactions/\(id)/refund")
      #expect(try await observer.wait { $0 == "revoked com.example.sk1.sword" })
      queue.remove(observer)
    }
  }

  @Test func theStorefrontIsTheStoresAndAChangeIsHeard() async throws {
    try await SK1Fixture.withStore("storefront") { connection in
      let queue = SKPaymentQueue.default()
      #expect(queue.storefront?.countryCode == "USA")
      #expect(queue.storefront?.identifier == "143441")
      let observer = SKRecordingObserver()
      queue.add(observer)
      // The queue reads the storefront when its first observer comes, then on each of the
      // update stream's reads (a keep-alive every two seconds).
      try await Task.sleep(nanoseconds: 300_000_000)
      try await TestStore.set(connection, [("storefront", .string("FRA"))])
      #expect(try await observer.wait { $0 == "storefront FRA" })
      #expect(queue.storefront?.identifier == "143442")
      queue.remove(observer)
    }
  }

  /// A product as a products request answers it.
  static func product(_ id: String) async throws -> SKProduct {
    final class Catch: NSObject, SKProductsRequestDelegate, @unchecked Sendable {
      let continuation: CheckedContinuation<SKProduct?, Never>
      init(_ continuation: CheckedContinuation<SKProduct?, Never>) { self.continuation = continuation }
      func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
        continuation.resume(returning: response.products.first)
      }
      func request(_ request: SKRequest, didFailWithError error: any Error) { continuation.resume(returning: nil) }
    }
    var delegate: Catch?
    let product = await withCheckedContinuation { continuation in
      delegate = Catch(continuation)
      let request = SKProductsRequest(productIdentifiers: [id])
      request.delegate = delegate
      request.start()
    }
    _ = delegate
    return try #require(product)
  }
}
