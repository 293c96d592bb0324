import Foundation
import Testing

@testable import IAPFormats
@testable import StoreKit

/// `SKProductsRequest`: the store's products by identifier, told to a delegate on the main
/// queue, the response before `requestDidFinish`.
@Suite struct SKProductsRequestTests {
  /// A delegate as an app writes one, recording what it hears.
  final class Delegate: NSObject, SKProductsRequestDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var heard: [String] = []
    private var answer: SKProductsResponse?
    private var failure: (any Error)?
    var lines: [String] { lock.withLock { heard } }
    var response: SKProductsResponse? { lock.withLock { answer } }
    var error: (any Error)? { lock.withLock { failure } }

    func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
      lock.withLock {
        heard.append(SK1Fixture.onMainQueue ? "response" : "response off the main queue")
        answer = response
      }
    }

    func requestDidFinish(_ request: SKRequest) { lock.withLock { heard.append("finished") } }

    func request(_ request: SKRequest, didFailWithError error: any Error) {
      lock.withLock {
        heard.append("failed")
        failure = error
      }
    }
  }

  init() { SK1Fixture.markMainQueue() }

  @Test func validIdentifiersAreProductsAndTheOthersInvalid() async throws {
    try await SK1Fixture.withStore("products") { _ in
      let delegate = Delegate()
      let request = SKProductsRequest(productIdentifiers: ["com.example.sk1.gems", "com.example.sk1.sword", "com.example.sk1.retired", "nope"])
      request.delegate = delegate
      request.start()
      #expect(try await SK1Fixture.eventually { delegate.lines.count == 2 })
      #expect(delegate.lines == ["response", "finished"])
      let response = try #require(delegate.response)
      #expect(Set(response.invalidProductIdentifiers) == ["com.example.sk1.retired", "nope"])
      let gems = try #require(response.products.first { $0.productIdentifier == "com.example.sk1.gems" })
      #expect(response.products.count == 2)
      #expect(gems.localizedTitle == "Title of com.example.sk1.gems")
      #expect(gems.localizedDescription == "About com.example.sk1.gems")
      #expect(gems.price == NSDecimalNumber(string: "0.99"))
      #expect(gems.priceLocale.currency?.identifier == "USD")
      #expect(gems.subscriptionPeriod == nil && gems.introductoryPrice == nil && gems.discounts.isEmpty)
      let formatter = NumberFormatter()
      formatter.numberStyle = .currency
      formatter.locale = gems.priceLocale
      #expect(formatter.string(from: gems.price) == "$0.99")
    }
  }

  @Test func aSubscriptionHasItsPeriodGroupAndOffers() async throws {
    try await SK1Fixture.withStore("subscription") { _ in
      let delegate = Delegate()
      let request = SKProductsRequest(productIdentifiers: ["com.example.sk1.pro.monthly"])
      request.delegate = delegate
      request.start()
      #expect(try await SK1Fixture.eventually { delegate.lines.contains("finished") })
      let pro = try #require(delegate.response?.products.first)
      #expect(pro.subscriptionGroupIdentifier == "pro")
      #expect(pro.subscriptionPeriod?.numberOfUnits == 1 && pro.subscriptionPeriod?.unit == .month)
      let intro = try #require(pro.introductoryPrice)
      #expect(intro.paymentMode == .freeTrial && intro.price == 0 && intro.type == .introductory && intro.identifier == nil)
      #expect(intro.subscriptionPeriod.unit == .week && intro.numberOfPeriods == 1)
      let offer = try #require(pro.discounts.first)
      #expect(offer.identifier == "half.price" && offer.type == .subscription && offer.paymentMode == .payAsYouGo)
      #expect(offer.price == NSDecimalNumber(string: "4.99") && offer.numberOfPeriods == 3)
    }
  }

  /// The app keeps no reference to the request: it stays alive while it runs, and is let go
  /// once its delegate has heard.
  @Test func aRequestTheAppDoesNotHoldStillAnswersAndIsThenReleased() async throws {
    try await SK1Fixture.withStore("unheld") { _ async throws in
      let delegate = Delegate()
      weak var started: SKProductsRequest?
      do {
        let request = SKProductsRequest(productIdentifiers: ["com.example.sk1.sword"])
        request.delegate = delegate
        request.start()
        started = request
      }
      #expect(try await SK1Fixture.eventually { delegate.lines.contains("finished") })
      #expect(delegate.response?.products.map(\.productIdentifier) == ["com.example.sk1.sword"])
      #expect(try await SK1Fixture.eventually { started == nil })
    }
  }

  @Test func aFailureToLoadIsAnSKErrorAndNoResponse() async throws {
    try await SK1Fixture.withStore("load-fails") { connection in
      try await TestStore.set(connection, [("fail-load-products", .string("cloudServiceNetworkConnectionFailed"))])
      let delegate = Delegate()
      let request = SKProductsRequest(productIdentifiers: ["com.example.sk1.gems"])
      request.delegate = delegate
      request.start()
      #expect(try await SK1Fixture.eventually { !delegate.lines.isEmpty })
      #expect(delegate.lines == ["failed"])
      let error = try #require(delegate.error as? SKError)
      #expect(error.code == .cloudServiceNetworkConnectionFailed)
      #expect(delegate.error.map { $0 as NSError }?.domain == SKErrorDomain)
    }
  }

  /// Cancelled before the answer comes back (on the main actor, before the main queue can
  /// run the delivery): the delegate hears nothing.
  @MainActor @Test func aCancelledRequestTellsItsDelegateNothing() async throws {
    try await SK1Fixture.withStore("cancelled") { _ async throws in
      let delegate = Delegate()
      let request = SKProductsRequest(productIdentifiers: ["com.example.sk1.gems"])
      request.delegate = delegate
      request.start()
      request.cancel()
      let answered = SKProductsRequest(productIdentifiers: ["com.example.sk1.sword"])
      let witness = Delegate()
      answered.delegate = witness
      answered.start()
      // Requests run one at a time: once the later one is answered, the cancelled one was too.
      #expect(try await SK1Fixture.eventually { witness.lines.contains("finished") })
      #expect(delegate.lines.isEmpty)
    }
  }
}
