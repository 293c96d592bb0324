import Foundation
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPKit
@testable import IAPServer
@testable import IAPFormats
@testable import IAPCrypto
@testable import IAPHTTP
@testable import IAPSystem

/// A customer who begins to cancel is shown a retention message: the one the Get Retention
/// Message endpoint chooses in its answer to the signed real-time request, else the
/// product's default message for the customer's locale; `iap messages` shows it.
@Suite struct RetentionAtCancellationTests: ServerAPITesting {
  let harness: TestHarness
  let keyId: String
  let issuerId: String
  let key: P256.PrivateKey

  init() throws {
    (harness, keyId, issuerId, key) = try ServerAPIFixture.make()
    harness.write("catalog.plist", RetentionOfferAcceptanceTests.catalog)
  }

  static let chosen = "4d3b9a4e-0f6c-4a5b-9c2d-7e8f00112233"
  static let fallback = "5d3b9a4e-0f6c-4a5b-9c2d-7e8f00112233"

  func prepare() {
    for id in [Self.chosen, Self.fallback] {
      #expect(send("PUT", "/inApps/v1/messaging/message/\(id)", .object([("header", .string("Stay")), ("body", .string("Please."))])).status == 200)
    }
    let fallback = JSONValue.object([("messageIdentifier", .string(Self.fallback))])
    #expect(send("PUT", "/inApps/v1/messaging/default/pro.monthly/en-US", fallback).status == 200)
    #expect(harness.run("buy pro.monthly --finish").status == 0)
  }

  /// A Get Retention Message endpoint answering `status` and `answer` after `delay`
  /// microseconds; what it received.
  func endpoint(status: Int = 200, answer: JSONValue, delay: UInt32 = 0) throws -> (HTTPServer, Locked<[JSONValue]>) {
    let received = Locked<[JSONValue]>([])
    let server = try HTTPServer(host: "127.0.0.1", port: 0) { request in
      if let body = try? JSONParser.parse(request.body) { received.withLock { $0.append(body) } }
      if delay > 0 { usleep(delay) }
      return HTTPResponse.json(answer, status: status)
    }
    server.start()
    #expect(send("PUT", "/inApps/v1/messaging/realtime/url", .object([("realtimeURL", .string("http://127.0.0.1:\(server.port)/r"))])).status == 200)
    return (server, received)
  }

  func shown() -> [JSONValue] { harness.run("messages --json").json["retentionMessages"]?.arrayValue ?? [] }

  @Test func theEndpointsAnswerIsShown() throws {
    prepare()
    let answer = JSONValue.object([("alternateProduct", .object([("messageIdentifier", .string(Self.chosen)), ("productId", .string("pro.plus"))]))])
    let (server, received) = try endpoint(answer: answer)
    defer { server.stop() }
    #expect(harness.run("subscription cancel pro.monthly").status == 0)
    let payload = try #require(received.withLock { $0 }.first?["signedPayload"]?.stringValue.flatMap { try? JWS.decode($0, key: nil).payload })
    #expect(payload["originalTransactionId"] == .string("1"))
    #expect(payload["userLocale"] == .string("en-US"))
    #expect(shown().first?["messageIdentifier"] == .string(Self.chosen))
    #expect(shown().first?["source"] == .string("realtime"))
    #expect(shown().first?["alternateProductId"] == .string("pro.plus"))
    #expect(harness.run("messages").stdout.contains("retention  pro.monthly: message \(Self.chosen) (real-time answer), alternate product pro.plus"))
  }

  @Test func aFailingEndpointFallsBackToTheDefaultMessage() throws {
    prepare()
    let (server, received) = try endpoint(status: 500, answer: .object([("message", .object([("messageIdentifier", .string(Self.chosen))]))]))
    defer { server.stop() }
    #expect(harness.run("subscription cancel pro.monthly").status == 0)
    #expect(received.withLock { $0.count } == 1)
    #expect(shown().first?["messageIdentifier"] == .string(Self.fallback))
    #expect(shown().first?["source"] == .string("defaultMessage"))
  }

  @Test func anAnswerAfterTheTimeLimitFallsBackToTheDefaultMessage() throws {
    prepare()
    let (server, _) = try endpoint(answer: .object([("message", .object([("messageIdentifier", .string(Self.chosen))]))]), delay: 900_000)
    defer { server.stop() }
    let cancelled = harness.run("subscription cancel pro.monthly")
    #expect(cancelled.status == 0)
    #expect(cancelled.stderr.contains("the Get Retention Message endpoint gave no 2xx answer within 700 ms: the default message applies"))
    #expect(shown().first?["messageIdentifier"] == .string(Self.fallback))
    #expect(shown().first?["source"] == .string("defaultMessage"))
  }

  @Test func withoutAnyConfigurationNothingIsShown() throws {
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    #expect(harness.run("subscription cancel pro.monthly").status == 0)
    #expect(shown().isEmpty)
    #expect(harness.run("messages").stdout == "no messages\n")
  }
}
