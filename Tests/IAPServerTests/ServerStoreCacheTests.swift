import Foundation
import IAPKit
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPServer
@testable import IAPFormats
@testable import IAPCrypto
@testable import IAPHTTP

/// What the server keeps from one request to the next (verified tokens, parsed
/// keys, the catalog's fields, the loaded state) changes no answer: each request still sees
/// the keys, the catalog, the clock and the store as they are.
@Suite struct ServerStoreCacheTests: ServerAPITesting {
  let harness: TestHarness
  let keyId: String
  let issuerId: String
  let key: P256.PrivateKey

  init() throws { (harness, keyId, issuerId, key) = try ServerAPIFixture.make() }

  /// The real clock of the requests, which a test moves.
  final class Clock: @unchecked Sendable {
    var now: Timestamp
    init(_ now: Timestamp) { self.now = now }
  }

  func keepingAPI(_ clock: Clock) -> AppStoreServerAPI { keepingAPI { clock.now } }

  func get(_ api: AppStoreServerAPI, _ target: String, _ token: String) -> HTTPResponse {
    var headers = HTTPHeaders([("Host", "127.0.0.1")])
    headers.add("Authorization", "Bearer " + token)
    return api.respond(HTTPRequest(method: "GET", target: target, headers: headers, body: [])!)
  }

  @Test func aTokenIsVerifiedOnceAndItsExpiryCheckedAtEveryRequest() throws {
    #expect(harness.run("buy sword --finish").status == 0)
    let clock = Clock(harness.now)
    let api = keepingAPI(clock)
    let token = token()
    #expect(get(api, "/inApps/v1/transactions/1", token).status == 200)
    #expect(api.cache.tokens.count == 1)
    #expect(get(api, "/inApps/v1/transactions/1", token).status == 200)
    #expect(api.cache.tokens.count == 1)
    // A token whose signature does not verify is refused every time, and never kept.
    let forged = token.dropLast(4) + (token.hasSuffix("AAAA") ? "BBBB" : "AAAA")
    #expect(get(api, "/inApps/v1/transactions/1", String(forged)).status == 401)
    #expect(api.cache.tokens.count == 1)
    // Past its `exp` (300 s), the kept token is refused and forgotten.
    clock.now = Timestamp(milliseconds: harness.now.milliseconds + 301_000)
    #expect(get(api, "/inApps/v1/transactions/1", token).status == 401)
    #expect(api.cache.tokens.count == 0)
  }

  @Test func aRemovedOrReplacedKeyRefusesATokenAlreadyVerified() throws {
    #expect(harness.run("buy sword --finish").status == 0)
    let api = keepingAPI(Clock(harness.now))
    let token = token()
    #expect(get(api, "/inApps/v1/transactions/1", token).status == 200)
    #expect(harness.run("keys remove \(keyId)").status == 0)
    #expect(get(api, "/inApps/v1/transactions/1", token).status == 401)
    // Another key under the same id: the signature is checked again, and fails.
    let other = P256.PrivateKey(seed: Array("another key".utf8))
    harness.write("other.pem", SubjectPublicKeyInfo.pem(p256PublicKey: other.publicKey.x963Representation))
    #expect(harness.run("keys add \(keyId) other.pem").status == 0)
    #expect(get(api, "/inApps/v1/transactions/1", token).status == 401)
    // The token's own key again: accepted.
    #expect(harness.run("keys remove \(keyId)").status == 0)
    harness.write("mine.pem", SubjectPublicKeyInfo.pem(p256PublicKey: key.publicKey.x963Representation))
    #expect(harness.run("keys add \(keyId) mine.pem").status == 0)
    #expect(get(api, "/inApps/v1/transactions/1", token).status == 200)
  }

  @Test func aChangedCatalogOrStoreIsSeenByTheNextRequest() throws {
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    let api = keepingAPI(Clock(harness.now))
    let token = token()
    #expect(get(api, "/inApps/v1/subscriptions/1", token).status == 200)
    // A command beside the server refunds the subscription: the next answer says revoked (5).
    #expect(harness.run("refund 1").status == 0)
    let statuses = get(api, "/inApps/v1/subscriptions/1", token).jsonBody
    #expect(statuses?["data"]?.arrayValue?.first?["lastTransactions"]?.arrayValue?.first?["status"] == .int(5))
    // The catalog's fields are kept once the file has settled (2 s); an edit is seen at once.
    Thread.sleep(forTimeInterval: 2.1)
    #expect(get(api, "/inApps/v1/transactions/1", token).status == 200)
    let catalog = try String(contentsOfFile: harness.directory + "/catalog.plist", encoding: .utf8)
    harness.write("catalog.plist", catalog.replacingOccurrences(of: "com.example.app", with: "com.example.other"))
    #expect(get(api, "/inApps/v1/transactions/1", token).status == 401)
  }
}
