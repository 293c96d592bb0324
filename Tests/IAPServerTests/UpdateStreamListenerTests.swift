import Foundation
import IAPTesting
import Testing

@testable import IAPFormats
@testable import IAPHTTP
@testable import IAPKit
@testable import IAPServer

/// A listener on the update stream over a real connection while the store under it is reset
/// or its namespace deleted and made again, with purchases right after: it sees the new store,
/// and nothing marks the state damaged.
@Suite struct UpdateStreamListenerTests {
  let harness = TestHarness()
  let server: HTTPServer

  init() throws {
    let router = harness.router
    server = try HTTPServer(host: "127.0.0.1", port: 0) { router.respond($0) }
    server.start()
  }

  var url: String { "http://127.0.0.1:\(server.port)" }
  /// What a change says, as the control plane asks.
  static let json = [("Content-Type", "application/json")]

  /// Reads a stream's transaction events as they come.
  final class Listener {
    let stream: HTTPResponseStream
    var parser = ServerSentEventParser()
    var products: [String] = []

    init(_ url: String) throws { stream = try HTTPClient.open("GET", url, timeout: 5) }
    deinit { stream.close() }

    /// Reads until `count` transaction events have come in all, or 10 seconds pass.
    func products(count: Int) -> [String] {
      let deadline = Date().addingTimeInterval(10)
      while products.count < count, Date() < deadline, let bytes = try? stream.read() {
        for event in parser.feed(bytes) where event.event == "transaction" {
          products.append((try? JSONParser.parse(Array(event.data.utf8)))?["productId"]?.stringValue ?? "?")
        }
      }
      return products
    }
  }

  func buy(_ product: String, at base: String) throws {
    let answer = try HTTPClient.send("POST", url + base + "/purchases", headers: Self.json, body: Array(#"{"productId": "\#(product)"}"#.utf8))
    #expect(answer.status == 200, "\(product): \(String(decoding: answer.body, as: UTF8.self))")
  }

  func expectHealthy(_ base: String) throws {
    #expect(try HTTPClient.send("GET", url + base + "/status").status == 200)
    #expect(try HTTPClient.send("GET", url + base + "/transactions").status == 200)
  }

  @Test func aListenerAcrossAResetSeesTheNewStore() throws {
    let listener = try Listener(url + "/iap/v1/transactions/updates")
    try buy("sword", at: "/iap/v1")
    try buy("shield", at: "/iap/v1")
    #expect(listener.products(count: 2) == ["sword", "shield"])
    #expect(try HTTPClient.send("DELETE", url + "/iap/v1", headers: Self.json).status == 200)
    for _ in 0..<5 { try buy("gems", at: "/iap/v1") }
    #expect(listener.products(count: 7) == ["sword", "shield", "gems", "gems", "gems", "gems", "gems"])
    try expectHealthy("/iap/v1")
    #expect(!FileManager.default.fileExists(atPath: harness.directory + "/.iap/damaged"))
  }

  @Test func aListenerAcrossANamespaceMadeAgainSeesTheNewOne() throws {
    let base = "/ns/suite/iap/v1"
    let listener = try Listener(url + base + "/transactions/updates")
    try buy("sword", at: base)
    #expect(listener.products(count: 1) == ["sword"])
    #expect(try HTTPClient.send("DELETE", url + base, headers: Self.json).status == 200)
    for product in ["gems", "shield", "gems"] { try buy(product, at: base) }
    #expect(listener.products(count: 4) == ["sword", "gems", "shield", "gems"])
    try expectHealthy(base)
  }

  @Test func aStreamResumedWithAnIdFromBeforeAResetStartsOver() throws {
    let first = try Listener(url + "/iap/v1/transactions/updates")
    try buy("sword", at: "/iap/v1")
    _ = first.products(count: 1)
    let id = try #require(first.parser.lastEventId)
    #expect(try HTTPClient.send("DELETE", url + "/iap/v1", headers: Self.json).status == 200)
    try buy("gems", at: "/iap/v1")
    try buy("shield", at: "/iap/v1")
    let resumed = try Listener(url + "/iap/v1/transactions/updates?lastEventId=" + id)
    #expect(resumed.products(count: 2) == ["gems", "shield"], "the unfinished of the new store, as a new listener gets them")
    try expectHealthy("/iap/v1")
  }
}
