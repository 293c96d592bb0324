import Foundation
import Testing

@testable import IAPFormats
@testable import StoreKit

/// The receipt refresh request, interrupted purchases, payments' copies, and `SKError` as
/// Foundation sees it.
@Suite struct SKRequestsAndErrorsTests {
  init() { SK1Fixture.markMainQueue() }

  final class Finished: NSObject, SKRequestDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var heard: [String] = []
    var lines: [String] { lock.withLock { heard } }
    func requestDidFinish(_ request: SKRequest) { lock.withLock { heard.append("finished") } }
  }

  /// The receipt stays in the store, where `GET /receipt` reads it after the refresh.
  @Test func aReceiptRefreshFinishesAndTheStoreHasTheReceipt() async throws {
    try await SK1Fixture.withStore("receipt") { connection in
      let delegate = Finished()
      let request = SKReceiptRefreshRequest(receiptProperties: [SKReceiptPropertyIsExpired: true])
      #expect(request.receiptProperties?[SKReceiptPropertyIsExpired] as? Bool == true)
      request.delegate = delegate
      request.start()
      #expect(try await SK1Fixture.eventually { delegate.lines == ["finished"] })
      let receipt = try await connection.call("GET", "/receipt?base64=true")
      #expect(receipt["receiptData"]?.stringValue?.isEmpty == false)
    }
  }

  /// An interrupted purchase fails (`paymentCancelled`); completed outside the app, its
  /// purchase reaches the observer as a new transaction.
  @Test func anInterruptedPurchaseFailsThenItsCompletionArrives() async throws {
    try await SK1Fixture.withStore("interrupted") { connection in
      try await TestStore.set(connection, [("interrupted-purchases", .bool(true))])
      let queue = SKPaymentQueue.default()
      let observer = SKRecordingObserver()
      queue.add(observer)
      let payment = SKMutablePayment()
      payment.productIdentifier = "com.example.sk1.sword"
      queue.add(payment)
      #expect(try await observer.wait { $0 == "updated com.example.sk1.sword failed -" })
      #expect((observer.transactions.last?.error as? SKError)?.code == .paymentCancelled)
      let failed = try await connection.call("GET", "/transactions?state=failed")
      let id = try #require(failed["transactions"]?.arrayValue?.first?["id"]?.stringValue)

      _ = try await connection.call("POST", "/transactions/\(id)/resolve")
      #expect(try await observer.wait { $0.hasPrefix("updated com.example.sk1.sword purchased") })
      #expect(observer.transactions.last !== observer.transactions.first)
      for transaction in queue.transactions { queue.finishTransaction(transaction) }
      #expect(try await SK1Fixture.eventually { queue.transactions.isEmpty })
      queue.remove(observer)
    }
  }

  /// A promotional offer goes with its payment: signed with a key the store does not know,
  /// the payment fails as StoreKit fails it.
  @Test func aPaymentDiscountSignedWithAnUnknownKeyFailsThePayment() async throws {
    try await SK1Fixture.withStore("discount") { _ async throws in
      let queue = SKPaymentQueue.default()
      let observer = SKRecordingObserver()
      queue.add(observer)
      let payment = SKMutablePayment()
      payment.productIdentifier = "com.example.sk1.pro.monthly"
      payment.applicationUsername = "player-1"
      payment.paymentDiscount = SKPaymentDiscount(
        identifier: "half.price", keyIdentifier: "UNKNOWNKEY", nonce: UUID(), signature: "MEUCIQ==",
        timestamp: NSNumber(value: Int64(Date().timeIntervalSince1970 * 1000)))
      queue.add(payment)
      #expect(try await observer.wait { $0.hasPrefix("updated com.example.sk1.pro.monthly failed") })
      #expect((observer.transactions.last?.error as? SKError)?.code == .invalidSignature)
      queue.remove(observer)
    }
  }

  @Test func aPaymentsCopiesAreImmutableAndMutableAsAsked() throws {
    let payment = SKMutablePayment()
    payment.productIdentifier = "com.example.sk1.gems"
    payment.quantity = 3
    payment.applicationUsername = "player-1"
    let frozen = try #require(payment.copy() as? SKPayment)
    #expect(!(frozen is SKMutablePayment))
    payment.quantity = 1
    #expect(frozen.quantity == 3 && frozen.applicationUsername == "player-1")
    let thawed = try #require(frozen.mutableCopy() as? SKMutablePayment)
    thawed.quantity = 5
    #expect(thawed.quantity == 5 && frozen.quantity == 3)
  }

  @Test func anSKErrorIsAnNSErrorOfItsDomainAndBack() {
    let error = SKError(.paymentNotAllowed, userInfo: [NSLocalizedDescriptionKey: "not on this device"])
    let bridged = error as NSError
    #expect(bridged.domain == SKErrorDomain && bridged.code == 4)
    #expect(bridged.localizedDescription == "not on this device")
    #expect(SKError(_nsError: bridged) == error)
    #expect(SKError(_nsError: NSError(domain: "elsewhere", code: 4)).code == .unknown)
    #expect(SKError.Code(rawValue: 20) == .overlayPresentedInBackgroundScene)
    #expect(SKError(SKError.unknown) != SKError(SKError.clientInvalid))
  }
}
