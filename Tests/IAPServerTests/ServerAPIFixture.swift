import Foundation
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPKit
@testable import IAPServer
@testable import IAPFormats
@testable import IAPCrypto
@testable import IAPHTTP

/// A store with a catalog (a consumable, a non-consumable, a monthly subscription) and a
/// registered API key, for the server's tests.
enum ServerAPIFixture {
  static func make() throws -> (TestHarness, keyId: String, issuerId: String, key: P256.PrivateKey) {
    let harness = TestHarness()
    harness.write("catalog.plist", TestHarness.plist(
      products: [
        TestHarness.product("gems", "consumable", price: "<string>0.99</string>"),
        TestHarness.product("sword", "nonConsumable", price: "<string>4.99</string>"),
        TestHarness.product(
          "pro.monthly", "autoRenewable", price: "<string>9.99</string>",
          extra: "<key>subscriptionGroup</key><string>pro</string><key>subscriptionPeriod</key><string>P1M</string>"
            + "<key>familyShareable</key><true/>"),
      ],
      top: "<key>bundleId</key><string>com.example.app</string>"))
    let created = harness.run("keys create -o key.p8 --json").json
    let pem = try String(contentsOfFile: harness.directory + "/key.p8", encoding: .utf8)
    let key = try #require(P256.PrivateKey(rawRepresentation: try ECPrivateKey(pem: pem).privateKey))
    return (harness, created["keyId"]?.stringValue ?? "", created["issuerId"]?.stringValue ?? "", key)
  }
}

/// What a server test has: the fixture's store and key, and the means to send requests as
/// Apple's libraries send them.
protocol ServerAPITesting {
  var harness: TestHarness { get }
  var keyId: String { get }
  var issuerId: String { get }
  var key: P256.PrivateKey { get }
}

extension ServerAPITesting {
  var api: AppStoreServerAPI {
    let directory = harness.directory
    let now = harness.now
    return AppStoreServerAPI {
      Workspace(
        environment: Environment(variables: [:], currentDirectory: directory, now: { now }),
        console: Console(out: { _ in }, err: { _ in }))
    }
  }

  /// One API for a whole test, so that what the server keeps lives from one request to the
  /// next; `now` is the requests' real clock.
  func keepingAPI(now: @escaping @Sendable () -> Timestamp) -> AppStoreServerAPI {
    let directory = harness.directory
    return AppStoreServerAPI {
      Workspace(environment: Environment(variables: [:], currentDirectory: directory, now: now), console: Console(out: { _ in }, err: { _ in }))
    }
  }

  /// A bearer token as Apple's libraries make it, with `claims` changed as given.
  func token(kid: String? = nil, signer: P256.PrivateKey? = nil, _ changes: [(String, JSONValue?)] = []) -> String {
    var claims: [(String, JSONValue)] = [
      ("iss", .string(issuerId)), ("iat", .int(harness.now.milliseconds / 1000)), ("exp", .int(harness.now.milliseconds / 1000 + 300)),
      ("aud", .string("appstoreconnect-v1")), ("bid", .string("com.example.app")),
    ]
    for (name, value) in changes {
      claims.removeAll { $0.0 == name }
      if let value { claims.append((name, value)) }
    }
    let header = JSONValue.object([("alg", .string("ES256")), ("kid", .string(kid ?? keyId)), ("typ", .string("JWT"))])
    return JWS.signES256(header: header, payload: .object(claims), key: signer ?? key)
  }

  func get(_ target: String, token: String? = nil) -> HTTPResponse { send("GET", target, token: token) }

  /// The payload of a signed value, as `iap jws decode` reads it.
  func payload(_ signed: JSONValue?) -> JSONValue? {
    harness.run(["jws", "decode", signed?.stringValue ?? "", "--json"]).json["payload"]
  }

  /// A request with a valid token (or `token`) and `body`.
  func send(_ method: String, _ target: String, _ body: JSONValue? = nil, token: String? = nil) -> HTTPResponse {
    var headers = HTTPHeaders([("Host", "127.0.0.1")])
    headers.add("Authorization", "Bearer " + (token ?? self.token()))
    let bytes = body.map { Array(JSONWriter.compact($0).utf8) } ?? []
    return api.respond(HTTPRequest(method: method, target: target, headers: headers, body: bytes)!)
  }
}
