import Foundation
import IAPTesting
import Testing

@testable import IAPFormats
@testable import IAPHTTP
@testable import IAPKit
@testable import IAPServer

/// `POST /iap/v1/namespaces`: a namespace made in one call, with what a test needs of it; the
/// keys a server shares across namespaces; temporary namespaces.
@Suite struct NamespaceCreationTests {
  let harness = TestHarness()

  func create(_ body: String, via router: ServerRouter? = nil) -> HTTPResponse {
    harness.send("POST", "/iap/v1/namespaces", body, via: router)
  }

  func exists(_ name: String) -> Bool {
    FileManager.default.fileExists(atPath: harness.directory + "/.iap/namespaces/" + name)
  }

  /// A router whose namespaces share the state's signing secret and a key made for it.
  func sharingRouter() throws -> ServerRouter {
    let directory = harness.directory
    let now = harness.now
    let make: @Sendable (String?) -> Workspace = { namespace in
      Workspace(
        namespace: namespace, environment: Environment(variables: [:], currentDirectory: directory, now: { now }),
        console: Console(out: { _ in }, err: { _ in }))
    }
    let shared = try make(nil).shareKeys()
    return ServerRouter(statePath: directory + "/.iap", sharedKeys: shared, makeWorkspace: make)
  }

  @Test func answersWhatATestNeedsWithTheSettingsApplied() throws {
    let answer = create(#"{"name": "suite-1", "environment": "Sandbox", "notificationUrl": "http://127.0.0.1:9/n", "clock": "2026-03-01T00:00:00Z"}"#)
    #expect(answer.status == 201)
    let json = try #require(answer.jsonBody)
    #expect(json["baseURL"] == .string("http://127.0.0.1/ns/suite-1"))
    #expect(json["environment"] == .string("Sandbox") && json["temporary"] == .bool(false))
    #expect(json["bundleId"]?.stringValue?.isEmpty == false)
    let root = harness.send("GET", "/ns/suite-1/iap/v1/certificates/root").jsonBody?["pem"]
    #expect(json["rootCertificate"] == root)
    let keys = try #require(harness.send("GET", "/ns/suite-1/iap/v1/keys").jsonBody)
    #expect(keys["keys"]?.arrayValue?.first?["keyId"] == json["key"]?["keyId"])
    #expect(keys["issuerId"] == json["key"]?["issuerId"])
    #expect(json["key"]?["privateKey"]?.stringValue?.hasPrefix("-----BEGIN PRIVATE KEY-----") == true)
    let settings = harness.send("GET", "/ns/suite-1/iap/v1/settings").jsonBody?["settings"]
    #expect(settings?["environment"]?["value"] == .string("Sandbox"))
    #expect(settings?["notification-url"]?["value"] == .string("http://127.0.0.1:9/n"))
    #expect(harness.send("GET", "/ns/suite-1/iap/v1/clock").jsonBody?["now"] == .string("2026-03-01T00:00:00Z"))
  }

  @Test func anExistingNamespaceIsRefusedAndKeepsWhatItHolds() {
    #expect(harness.send("POST", "/ns/kept/iap/v1/purchases", #"{"productId": "sword"}"#).status == 200)
    let again = create(#"{"name": "kept", "environment": "Sandbox"}"#)
    #expect(again.status == 409)
    #expect(again.jsonBody?["error"]?["name"] == .string("namespaceExists"))
    #expect(harness.send("GET", "/ns/kept/iap/v1/transactions").jsonBody?["transactions"]?.arrayValue?.count == 1)
  }

  @Test func badInputIsOneErrorAndMakesNothing() {
    let cases: [(String, Int, String)] = [
      (#"{"environment": "Sandbox"}"#, 400, "missing body member 'name'"),
      (#"{"name": "a b"}"#, 400, "invalid namespace 'a b'"),
      (#"{"name": "n1", "environment": "Staging"}"#, 400, "body member 'environment'"),
      (#"{"name": "n2", "idleSeconds": 5}"#, 400, "idleSeconds is for a temporary namespace"),
      (#"{"name": "n3", "temporary": true, "idleSeconds": 0}"#, 400, "1 to 86400 seconds"),
      (#"{"name": "n4", "clock": "soon"}"#, 400, "soon"),
      (#"{"name": "n5", "environment": "Production"}"#, 409, "app-apple-id"),
      (#"{"name": "n6", "catalogFile": "missing.storekit"}"#, 400, "missing.storekit"),
    ]
    for (body, status, message) in cases {
      let answer = create(body)
      #expect(answer.status == status, "\(body)")
      #expect(answer.jsonBody?["error"]?["message"]?.stringValue?.contains(message) == true, "\(body): \(answer.jsonBody.map(JSONWriter.compact) ?? "")")
    }
    #expect((1...6).allSatisfy { !exists("n\($0)") }, "a refused creation leaves nothing behind")
  }

  @Test func sharedKeysGiveEveryNamespaceOneChainAndOneKey() throws {
    let router = try sharingRouter()
    let first = try #require(create(#"{"name": "a", "environment": "Sandbox"}"#, via: router).jsonBody)
    let second = try #require(create(#"{"name": "b", "environment": "Sandbox"}"#, via: router).jsonBody)
    #expect(first["rootCertificate"] == second["rootCertificate"])
    #expect(first["key"]?["keyId"] == second["key"]?["keyId"] && first["key"]?["privateKey"] == second["key"]?["privateKey"])
    let keys = harness.send("GET", "/ns/b/iap/v1/keys", via: router).jsonBody?["keys"]?.arrayValue?.compactMap { $0["keyId"] }
    #expect(keys == [first["key"]?["keyId"]].compactMap { $0 }, "a namespace checks tokens against the shared key set")
    let own = try #require(create(#"{"name": "c", "environment": "Sandbox"}"#).jsonBody)
    #expect(own["rootCertificate"] != first["rootCertificate"], "without sharing, each its own")
  }

  @Test func temporaryNamespacesGoWhenTheServerStopsOrOnceIdle() throws {
    let router = harness.router
    #expect(create(#"{"name": "kept"}"#, via: router).status == 201)
    #expect(create(#"{"name": "at-stop", "temporary": true}"#, via: router).jsonBody?["temporary"] == .bool(true))
    #expect(create(#"{"name": "idle", "temporary": true, "idleSeconds": 1}"#, via: router).jsonBody?["idleSeconds"] == .int(1))
    #expect(router.deleteIdleNamespaces().isEmpty, "not idle yet")
    Thread.sleep(forTimeInterval: 1.1)
    #expect(harness.send("GET", "/ns/at-stop/iap/v1/clock", via: router).status == 200)
    #expect(router.deleteIdleNamespaces() == ["idle"])
    #expect(!exists("idle") && exists("at-stop"))
    #expect(router.deleteTemporaryNamespaces() == ["at-stop"])
    #expect(!exists("at-stop") && exists("kept"))
  }
}
