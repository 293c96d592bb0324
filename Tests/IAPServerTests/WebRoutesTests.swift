import Foundation
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPFormats
@testable import IAPHTTP
@testable import IAPKit
@testable import IAPServer

/// `iap serve` answers the web Transaction Manager at `/` and in each namespace,
/// with its headers; the control plane and Apple's API beside it are unchanged.
@Suite struct WebRoutesTests {
  let harness = TestHarness()

  func send(_ method: String, _ target: String, _ body: String? = nil) -> HTTPResponse { harness.send(method, target, body) }

  @Test func thePageIsServedWithAStrictPolicy() {
    let page = send("GET", "/")
    #expect(page.status == 200)
    #expect(page.headers["Content-Type"] == "text/html; charset=utf-8")
    #expect(page.headers["Content-Security-Policy"]?.hasPrefix("default-src 'none'") == true)
    #expect(page.headers["X-Content-Type-Options"] == "nosniff")
    #expect(String(decoding: page.body, as: UTF8.self).contains("data-transactions"))
    #expect(send("HEAD", "/").status == 200)
    #expect(send("GET", "/web/app.js").headers["Content-Type"] == "text/javascript; charset=utf-8")
  }

  @Test func aNamespaceHasThePageTooAndItsFolderFormIsTheOnlyOne() {
    #expect(send("GET", "/ns/alpha/").status == 200)
    #expect(send("GET", "/ns/alpha/web/timeline.js").status == 200)
    let bare = send("GET", "/ns/alpha")
    #expect(bare.status == 308)
    #expect(bare.headers["Location"] == "/ns/alpha/")
    #expect(send("GET", "/ns/not.valid/").status == 400, "the namespace's name is checked first")
  }

  @Test func otherMethodsAndUnknownFilesAreRefused() {
    let post = send("POST", "/")
    #expect(post.status == 405)
    #expect(post.headers["Allow"] == "GET, HEAD")
    #expect(send("GET", "/web/missing.js").status == 404)
    #expect(send("GET", "/web/missing.js").jsonBody?["error"]?["message"] != nil)
  }

  @Test func theControlPlaneAndApplesAPIAreUnchanged() {
    #expect(send("GET", "/iap/v1/clock").status == 200)
    #expect(send("GET", "/inApps/v1/transactions/1").status == 401, "Apple's endpoints keep their JWT check")
  }
}
