import Foundation
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPFormats
@testable import IAPHTTP
@testable import IAPKit
@testable import IAPServer
@testable import IAPStorage

/// The control plane in process: the route table, its errors and statuses, and
/// namespaces shared with the CLI. scripts/e2e/control.sh drives every route over HTTP.
@Suite struct ControlPlaneTests {
  let harness = TestHarness()

  init() {
    harness.write("catalog.plist", TestHarness.plist(products: [
      TestHarness.product("gems", "consumable", price: "<string>0.99</string>"),
      TestHarness.product("sword", "nonConsumable", price: "<string>4.99</string>"),
    ]))
  }

  func send(_ method: String, _ target: String, _ body: String? = nil) -> HTTPResponse { harness.send(method, target, body) }

  @Test func everyRouteIsOnceInTheTableAndInTheOpenAPIDocument() throws {
    let routes = ControlRoutes.all
    let keys = routes.map { "\($0.method) \($0.path)" }
    #expect(Set(keys).count == keys.count, "a method and path listed twice")
    let document = try #require(send("GET", "/iap/v1/openapi.json").jsonBody)
    let paths = try #require(document["paths"]?.objectValue)
    var listed: [String] = []
    for (path, operations) in paths {
      for (method, _) in operations.objectValue ?? [] { listed.append("\(method.uppercased()) \(path.dropFirst(ControlPlane.prefix.count))") }
    }
    #expect(listed.sorted() == keys.sorted())
    let ids = routes.map(OpenAPIDocument.operationId)
    #expect(Set(ids).count == ids.count)
  }

  /// docs/control-api.md documents each route (a heading `### METHOD /iap/v1/path`).
  @Test func everyRouteIsDocumented() throws {
    let url = Repository.root.appendingPathComponent("docs/control-api.md")
    let text = try String(contentsOf: url, encoding: .utf8)
    for route in ControlRoutes.all {
      #expect(text.contains("### \(route.method) /iap/v1\(route.path)\n"), "docs/control-api.md lacks \(route.method) \(route.path)")
    }
  }

  @Test func aPurchaseOverHTTPIsWhatTheCLISeesAndAFailedOneIsAFailedTransaction() throws {
    let bought = send("POST", "/iap/v1/purchases", #"{"productId": "gems"}"#)
    #expect(bought.status == 200)
    #expect(bought.jsonBody?["transactions"]?.arrayValue?.last?["state"]?.stringValue == "purchased")
    #expect(harness.run("queue").stdout.contains("gems"))
    let failed = send("POST", "/iap/v1/purchases", #"{"productId": "gems", "simulatedError": "paymentNotAllowed"}"#)
    #expect(failed.status == 200)
    #expect(failed.jsonBody?["transactions"]?.arrayValue?.last?["state"]?.stringValue == "failed")
    #expect(failed.jsonBody?["error"]?["name"]?.stringValue == "paymentNotAllowed")
  }

  @Test(arguments: [
    ("GET", "/iap/v1/nope", "", 404, "usage"),
    ("DELETE", "/iap/v1/products", "", 405, "usage"),
    ("POST", "/iap/v1/purchases", "[1]", 400, "usage"),
    ("POST", "/iap/v1/purchases", #"{"productId": "gems", "quantity": "two"}"#, 400, "usage"),
    ("POST", "/iap/v1/purchases", #"{"productId": "gems", "extra": 1}"#, 400, "usage"),
    ("POST", "/iap/v1/transactions/7/finish", "", 404, "unknownTransaction"),
    ("POST", "/iap/v1/transactions/x/approve", "", 404, "unknownTransaction"),
    ("POST", "/iap/v1/subscriptions/sword/cancel", "", 404, "noSubscription"),
    ("POST", "/iap/v1/clock/advance", #"{"by": "soon"}"#, 400, "usage"),
    ("PATCH", "/iap/v1/settings", #"{"volume": "11"}"#, 400, "usage"),
    ("GET", "/ns/a.b/iap/v1/products", "", 400, "usage"),
  ])
  func badRequestsAreOneLineErrorsWithTheirStatus(_ method: String, _ target: String, _ body: String, _ status: Int, _ name: String) {
    let response = send(method, target, body.isEmpty ? nil : body)
    #expect(response.status == status)
    let error = response.jsonBody?["error"]
    #expect(error?["name"]?.stringValue == name)
    #expect(error?["message"]?.stringValue?.contains("\n") == false)
  }

  @Test func aBadPatchChangesNoSetting() {
    let response = send("PATCH", "/iap/v1/settings", #"{"ask-to-buy": "on", "storefront": "Narnia"}"#)
    #expect(response.status == 400)
    let line = harness.run("settings").stdout.split(separator: "\n").first { $0.hasPrefix("ask-to-buy ") }
    #expect(line?.split(separator: " ").dropFirst().first == "off")
  }

  /// Production without the app's Apple ID would leave every signing route refusing: the patch
  /// is refused whole, and one that sets both is one change, whatever the order of its members.
  @Test func aPatchThatLeavesProductionWithoutTheAppsAppleIdIsRefused() {
    let refused = send("PATCH", "/iap/v1/settings", #"{"environment": "Production"}"#)
    #expect(refused.status == 400)
    #expect(refused.jsonBody?["error"]?["message"]?.stringValue?.contains("app-apple-id") == true)
    #expect(send("GET", "/iap/v1/transactions/unfinished").status == 200)
    #expect(send("PATCH", "/iap/v1/settings", #"{"environment": "Production", "app-apple-id": "12"}"#).status == 200)
    #expect(send("PATCH", "/iap/v1/settings", #"{"app-apple-id": null}"#).status == 400)
    #expect(send("PATCH", "/iap/v1/settings", #"{"app-apple-id": null, "environment": "Sandbox"}"#).status == 200)
  }

  @Test func namespacesAreStoresOfTheirOwnThatTheCLIReaches() {
    #expect(send("POST", "/ns/team-1/iap/v1/purchases", #"{"productId": "sword"}"#).status == 200)
    #expect(harness.run("--namespace team-1 queue").stdout.contains("sword"))
    #expect(harness.run("queue").stdout.isEmpty, "the state's own store is another")
    #expect(send("GET", "/iap/v1/transactions").jsonBody?["transactions"]?.arrayValue?.isEmpty == true)
    let bad = harness.run("--namespace ../up queue")
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("invalid value for '--namespace <name>'"))
  }

  @Test func resettingTheStateKeepsItsNamespacesAndDeletingANamespaceRemovesItsFolder() {
    _ = send("POST", "/ns/keep/iap/v1/purchases", #"{"productId": "sword"}"#)
    _ = send("POST", "/iap/v1/purchases", #"{"productId": "gems"}"#)
    #expect(send("DELETE", "/iap/v1").status == 200)
    #expect(harness.run("--namespace keep queue").stdout.contains("sword"))
    #expect(send("DELETE", "/ns/keep/iap/v1").status == 200)
    #expect(!FileManager.default.fileExists(atPath: harness.directory + "/.iap/namespaces/keep"))
  }

  @Test func anewNamespacePastTheLimitIsRefusedAndTheOthersStillWork() throws {
    let folder = harness.directory + "/.iap/namespaces"
    for n in 0..<Namespace.limit { try FileManager.default.createDirectory(atPath: folder + "/n\(n)", withIntermediateDirectories: true) }
    let refused = send("GET", "/ns/one-more/iap/v1/products")
    #expect(refused.status == 409)
    #expect(refused.jsonBody?["error"]?["name"]?.stringValue == "namespaceLimit")
    #expect(send("GET", "/ns/n0/iap/v1/products").status == 200)
  }

  /// The HMAC key is handed out where it signs (LocalTesting), never once the chain signs.
  @Test func verificationGivesTheLocalTestingKeyOnlyWhereItSigns() {
    #expect(send("GET", "/iap/v1/verification").jsonBody?["localTestingKey"]?.stringValue?.isEmpty == false)
    #expect(send("PATCH", "/iap/v1/settings", #"{"environment": "Sandbox"}"#).status == 200)
    let sandbox = send("GET", "/iap/v1/verification").jsonBody
    #expect(sandbox?["environment"]?.stringValue == "Sandbox")
    #expect(sandbox?["localTestingKey"] == .null)
    #expect(sandbox?["rootCertificate"]?.stringValue?.hasPrefix("-----BEGIN CERTIFICATE-----") == true)
  }

  @Test func theUpdateStreamIsAnEventStream() throws {
    let response = send("GET", "/iap/v1/transactions/updates")
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"] == "text/event-stream")
    #expect(response.stream != nil)
  }
}
