import Foundation
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPFormats
@testable import IAPHTTP
@testable import IAPKit
@testable import IAPServer

/// What `iap serve` refuses before any route sees a request: a `Host` it is not known by
/// (DNS rebinding, 421), a change to the control plane that another site's page sent or could
/// have sent (CSRF, 403), and without the control token when one is set (401). In process,
/// through the router; scripts/e2e/web.sh tries the same attacks from a real browser.
@Suite struct ServerAccessTests {
  let harness = TestHarness()

  init() {
    harness.write("catalog.plist", TestHarness.plist(products: [TestHarness.product("gems", "consumable", price: "<string>0.99</string>")]))
  }

  let purchase = #"{"productId": "gems"}"#

  /// `send` with exactly these headers.
  func send(_ method: String, _ target: String, _ body: String? = nil, _ headers: [(String, String)], via router: ServerRouter? = nil)
    -> HTTPResponse
  {
    harness.send(method, target, body, headers: headers, via: router)
  }

  /// `send` without a body.
  func send(_ method: String, _ target: String, _ headers: [(String, String)], via router: ServerRouter? = nil) -> HTTPResponse {
    harness.send(method, target, nil, headers: headers, via: router)
  }

  func bought() -> Int { harness.run("history --json").json["transactions"]?.arrayValue?.count ?? -1 }

  // MARK: - Host

  @Test func aHostThatIsNotLoopbackIsMisdirectedWhateverTheRoute() {
    for target in ["/", "/web/app.js", "/iap/v1/status", "/ns/alpha/iap/v1/status", "/inApps/v1/transactions/1"] {
      let answer = send("GET", target, [("Host", "rebound.example:8080")])
      #expect(answer.status == 421, "\(target)")
      #expect(answer.jsonBody?["error"]?["name"]?.stringValue == "unknownHost")
      #expect(answer.jsonBody?["error"]?["message"]?.stringValue?.contains("--allow-host") == true)
    }
    #expect(!FileManager.default.fileExists(atPath: harness.directory + "/.iap/namespaces/alpha"), "a refused request makes no namespace")
    for host in ["localhost:8080", "127.0.0.1:8080", "[::1]:8080", "localhost"] {
      #expect(send("GET", "/iap/v1/status", [("Host", host)]).status == 200, "\(host)")
    }
  }

  @Test func aNameGivenWithAllowHostIsAnswered() {
    let router = harness.router(access: ServerAccess(hosts: HTTPHostAllowList(names: ["iap.test"])))
    #expect(send("GET", "/iap/v1/status", [("Host", "iap.test:8080")], via: router).status == 200)
    #expect(send("GET", "/inApps/v1/transactions/1", [("Host", "iap.test:8080")], via: router).status == 401, "on to Apple's JWT check")
    #expect(send("GET", "/iap/v1/status", [("Host", "other.test:8080")], via: router).status == 421)
  }

  // MARK: - Cross-site requests

  /// What a form or a `no-cors` fetch on any site can send without the browser asking first.
  @Test(arguments: [
    ("text/plain", #"{"productId": "gems"}"#), ("application/x-www-form-urlencoded", "productId=gems"),
    ("multipart/form-data; boundary=x", "--x--"), ("", #"{"productId": "gems"}"#),
  ])
  func aChangeThatIsNotJSONIsRefused(_ contentType: String, _ body: String) {
    var headers = [("Host", "127.0.0.1:8080")]
    if !contentType.isEmpty { headers.append(("Content-Type", contentType)) }
    let answer = send("POST", "/iap/v1/purchases", body, headers)
    #expect(answer.status == 403)
    #expect(answer.jsonBody?["error"]?["name"]?.stringValue == "notJSON")
    #expect(answer.jsonBody?["error"]?["message"]?.stringValue?.contains("Content-Type: application/json") == true)
    #expect(bought() == 0)
  }

  @Test func everyChangingMethodNeedsJSONOrTheRequestHeader() {
    for (method, target) in [("POST", "/iap/v1/keys"), ("DELETE", "/iap/v1"), ("PATCH", "/iap/v1/settings"), ("PUT", "/iap/v1/keys/K")] {
      #expect(send(method, target, nil, [("Host", "127.0.0.1")]).status == 403, "\(method) \(target)")
    }
    #expect(send("POST", "/ns/beta/iap/v1/clear", nil, [("Host", "127.0.0.1")]).status == 403)
    #expect(!FileManager.default.fileExists(atPath: harness.directory + "/.iap/namespaces/beta"), "refused before the namespace is made")
    #expect(send("POST", "/iap/v1/purchases", purchase, [("Host", "127.0.0.1"), ("Content-Type", "Application/JSON; charset=utf-8")]).status == 200)
    #expect(send("POST", "/iap/v1/transactions/1/finish", nil, [("Host", "127.0.0.1"), ("X-IAP-Request", "1")]).status == 200)
    #expect(send("DELETE", "/iap/v1/transactions/1", nil, [("Host", "127.0.0.1"), ("x-iap-request", "1")]).status == 200)
    #expect(send("GET", "/iap/v1/transactions", nil, [("Host", "127.0.0.1")]).status == 200, "a read needs neither")
  }

  @Test func aChangeFromAnotherOriginOrSiteIsRefusedEvenAsJSON() {
    let json = [("Host", "127.0.0.1:8080"), ("Content-Type", "application/json")]
    let refused: [([(String, String)], String)] = [
      ([("Origin", "http://evil.example")], "foreignOrigin"),
      ([("Origin", "http://127.0.0.1:3000")], "foreignOrigin"),
      ([("Origin", "null")], "foreignOrigin"),
      ([("Sec-Fetch-Site", "cross-site")], "crossSite"),
      ([("Sec-Fetch-Site", "same-site"), ("Origin", "http://localhost:3000")], "crossSite"),
    ]
    for (extra, name) in refused {
      let answer = send("POST", "/iap/v1/purchases", purchase, json + extra)
      #expect(answer.status == 403, "\(extra)")
      #expect(answer.jsonBody?["error"]?["name"]?.stringValue == name)
    }
    #expect(bought() == 0)
    // The page itself: same origin, by either scheme a proxy may put in front.
    for extra in [[("Origin", "http://127.0.0.1:8080"), ("Sec-Fetch-Site", "same-origin")], [("Origin", "https://127.0.0.1:8080")], []] {
      #expect(send("POST", "/iap/v1/purchases", purchase, json + extra).status == 200, "\(extra)")
    }
    #expect(send("GET", "/iap/v1/transactions", nil, [("Host", "127.0.0.1:8080"), ("Sec-Fetch-Site", "cross-site")]).status == 200,
      "a read is not a change (and no other site can read the answer)")
  }

  @Test func applesRoutesAreNotAskedForJSON() {
    let answer = send("POST", "/sandbox/verifyReceipt", "not json", [("Host", "127.0.0.1"), ("Content-Type", "text/plain")])
    #expect(answer.status == 200)
    #expect(answer.jsonBody?["status"] == .int(21002))
  }

  /// A client generated from the document sends the header on every change, body or not.
  @Test func theOpenAPIDocumentHasChangesSendTheRequestHeader() throws {
    let paths = try #require(harness.send("GET", "/iap/v1/openapi.json").jsonBody?["paths"]?.objectValue)
    for (path, operations) in paths {
      for (method, operation) in operations.objectValue ?? [] {
        let names = (operation["parameters"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
        #expect(names.contains("X-IAP-Request") == (method != "get"), "\(method) \(path)")
      }
    }
  }

  // MARK: - The control token

  @Test func withATokenTheControlPlaneNeedsItAndThePageAndApplesRoutesDoNot() {
    let router = harness.router(access: ServerAccess(controlToken: "s3cret"))
    let json = [("Host", "127.0.0.1"), ("Content-Type", "application/json")]
    let missing = send("POST", "/iap/v1/purchases", purchase, json, via: router)
    #expect(missing.status == 401)
    #expect(missing.jsonBody?["error"]?["name"]?.stringValue == "tokenMissing")
    #expect(missing.headers["WWW-Authenticate"]?.hasPrefix("Bearer") == true)
    #expect(send("GET", "/ns/gamma/iap/v1/status", nil, [("Host", "127.0.0.1")], via: router).status == 401)
    #expect(!FileManager.default.fileExists(atPath: harness.directory + "/.iap/namespaces/gamma"))
    let wrong = send("POST", "/iap/v1/purchases", purchase, json + [("Authorization", "Bearer s3cre")], via: router)
    #expect(wrong.jsonBody?["error"]?["name"]?.stringValue == "tokenWrong")
    #expect(bought() == 0)
    #expect(send("POST", "/iap/v1/purchases", purchase, json + [("Authorization", "bearer s3cret")], via: router).status == 200)
    #expect(send("GET", "/iap/v1/transactions?access_token=s3cret", nil, [("Host", "127.0.0.1")], via: router).status == 200,
      "a GET may carry it in the query, as EventSource must")
    #expect(send("POST", "/iap/v1/clear?access_token=s3cret", nil, json, via: router).status == 401, "a change may not")
    #expect(send("GET", "/", nil, [("Host", "127.0.0.1")], via: router).status == 200)
    #expect(send("GET", "/inApps/v1/transactions/1", nil, [("Host", "127.0.0.1")], via: router).status == 401)
  }

  @Test func aTokenDoesNotLiftTheCrossSiteRules() {
    let router = harness.router(access: ServerAccess(controlToken: "s3cret"))
    let answer = send("POST", "/iap/v1/purchases", purchase, [("Host", "127.0.0.1"), ("Authorization", "Bearer s3cret")], via: router)
    #expect(answer.status == 403)
  }
}
