import Foundation
import IAPKit
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPServer
@testable import IAPFormats
@testable import IAPCrypto
@testable import IAPHTTP
@testable import IAPSystem

/// A read-only request takes the state an earlier one opened while nothing in the
/// state folder changed (`ServerReadCache`), and opens it afresh after any change: a command's
/// commit, a setting, the clock, or another folder put at the state's path.
@Suite struct ServerReadCacheTests: ServerAPITesting {
  let harness: TestHarness
  let keyId: String
  let issuerId: String
  let key: P256.PrivateKey

  init() throws { (harness, keyId, issuerId, key) = try ServerAPIFixture.make() }

  func keepingAPI() -> AppStoreServerAPI {
    let now = harness.now
    return keepingAPI { now }
  }

  /// The payload of transaction `id` as `api` answers it.
  func transaction(_ id: Int, from api: AppStoreServerAPI) -> JSONValue? {
    var headers = HTTPHeaders([("Host", "127.0.0.1")])
    headers.add("Authorization", "Bearer " + token())
    let response = api.respond(HTTPRequest(method: "GET", target: "/inApps/v1/transactions/\(id)", headers: headers, body: [])!)
    guard response.status == 200 else { return nil }
    return payload(response.jsonBody?["signedTransactionInfo"])
  }

  @Test func aKeptReadServesWhileNothingChangedAndEveryChangeIsSeenByTheNextRequest() throws {
    // No inotify (macOS), or a temporary folder on a network file system: every request
    // opens the state, which the other server tests cover.
    guard FolderWatch.shared?.generation(of: harness.directory) != nil else { return }
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    let api = keepingAPI()
    #expect(transaction(1, from: api)?["productId"] == .string("pro.monthly"))
    let kept = try #require(api.cache.reads.current)
    #expect(transaction(1, from: api) != nil)
    // Nothing changed: the same read served the second request.
    #expect(api.cache.reads.current?.session === kept.session)

    // A command's commit (an append to the log): the refund is in the next answer.
    #expect(harness.run("refund 1").status == 0)
    #expect(transaction(1, from: api)?["revocationReason"] != nil)
    let afterRefund = try #require(api.cache.reads.current)
    #expect(afterRefund.generation != kept.generation)

    // A setting (`settings.json` replaced): the next answer names the new environment.
    #expect(harness.run("settings set environment Xcode").status == 0)
    #expect(transaction(1, from: api)?["environment"] == .string("Xcode"))

    // The clock (`clock.json` made): the next answer is signed at the clock's time.
    #expect(harness.run("clock set 2026-01-20T00:00:00Z").status == 0)
    #expect(transaction(1, from: api)?["signedDate"] == .int(Timestamp(iso8601: "2026-01-20T00:00:00Z")!.milliseconds))
    #expect(api.cache.reads.current?.generation != afterRefund.generation)
  }

  @Test func anotherStateFolderPutAtThePathIsReadAfresh() throws {
    guard FolderWatch.shared?.generation(of: harness.directory) != nil else { return }
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    let api = keepingAPI()
    #expect(transaction(1, from: api)?["productId"] == .string("pro.monthly"))
    // The folder moved away and a new state made in its place, whose first purchase is another.
    try FileManager.default.moveItem(atPath: harness.directory + "/.iap", toPath: harness.directory + "/.iap-before")
    #expect(harness.run("buy sword --finish").status == 0)
    // (with the keys the token is signed under)
    try FileManager.default.copyItem(atPath: harness.directory + "/.iap-before/keys.json", toPath: harness.directory + "/.iap/keys.json")
    #expect(transaction(1, from: api)?["productId"] == .string("sword"))
    // And what changes in the new folder is seen too (the watch moved with the path).
    #expect(harness.run("refund 1").status == 0)
    #expect(transaction(1, from: api)?["revocationReason"] != nil)
  }
}
