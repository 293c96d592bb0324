import Foundation
import Testing

@testable import IAPWeb

/// The web Transaction Manager's files as the binary holds them: the page names
/// only files that are served, runs nothing inline (its Content-Security-Policy forbids it),
/// and carries the hooks UI tests use. scripts/e2e/web.sh drives it in headless Chromium.
@Suite struct WebAssetsTests {
  func text(_ path: Substring) throws -> String {
    let asset = try #require(WebAssets.asset(path), "\(path) is not served")
    return String(decoding: asset.bytes, as: UTF8.self)
  }

  @Test func thePageNamesOnlyFilesThatAreServedAndNothingFromElsewhere() throws {
    let page = try text("/")
    let names = page.matches(of: #/(?:src|href)="([^"]+)"/#).map { String($0.1) }
    #expect(names.contains("web/app.js") && names.contains("web/app.css"))
    for name in names where name != "/" {
      #expect(!name.contains("//"), "\(name) comes from elsewhere")
      #expect(WebAssets.asset(Substring("/" + name)) != nil, "\(name) is named but not served")
    }
  }

  @Test func theScriptsImportOnlyEachOther() throws {
    for module in ["app", "api", "views", "actions", "timeline", "offers"] {
      let source = try text(Substring("/web/\(module).js"))
      for imported in source.matches(of: #/from "\./([a-z]+\.js)"/#).map({ String($0.1) }) {
        #expect(WebAssets.asset(Substring("/web/" + imported)) != nil, "\(module).js imports \(imported), which is not served")
      }
      #expect(!source.contains("innerHTML"), "\(module).js builds markup from strings")
      #expect(!source.contains("eval("), "\(module).js evaluates strings")
    }
  }

  @Test func nothingRunsInline() throws {
    let page = try text("/")
    #expect(!page.contains("<script>") && !page.contains("<style") && !page.contains(" style="))
    #expect(page.firstMatch(of: #/ on[a-z]+="/#) == nil, "an inline event handler")
    #expect(WebAssets.contentSecurityPolicy.hasPrefix("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'"))
    #expect(!WebAssets.contentSecurityPolicy.contains("unsafe"))
  }

  @Test func eachFileHasItsContentType() throws {
    #expect(WebAssets.asset("/")?.contentType == "text/html; charset=utf-8")
    #expect(WebAssets.asset("/web/app.css")?.contentType == "text/css; charset=utf-8")
    #expect(WebAssets.asset("/web/timeline.js")?.contentType == "text/javascript; charset=utf-8")
    #expect(WebAssets.asset("/web/icon.svg")?.contentType == "image/svg+xml")
    #expect(WebAssets.asset("/web/") == nil && WebAssets.asset("/web/../Package.swift") == nil && WebAssets.asset("/index.html") == nil)
  }

  /// The hooks docs/web.md promises UI tests.
  @Test func theDocumentedHooksAreThere() throws {
    let views = try text("/web/views.js")
    #expect(views.contains(#""data-product-id": p.id"#))
    #expect(views.contains(#""data-transaction-id": id"#))
    #expect(views.contains(#""data-action": action"#))
    #expect(views.contains(#""data-cell": name"#) && views.contains(#""data-unavailable": "not-cleared-for-sale""#))
    let timeline = try text("/web/timeline.js")
    #expect(timeline.contains(#""data-timeline": timeline.productId"#) && timeline.contains(#""data-period": index"#))
    #expect(timeline.contains(#""data-tick": "#))
    let app = try text("/web/app.js")
    #expect(app.contains(#""data-delivery": delivery"#))
    #expect(app.contains(#""data-retention": r.originalTransactionId"#) && app.contains(#""data-source": r.source"#))
    let actions = try text("/web/actions.js")
    for action in ["buy", "finish", "refund", "approve", "decline", "resolve", "delete", "cancel", "resume", "expire", "renew", "\"price-increase\"", "\"retention-accept\""] {
      #expect(actions.contains("  \(action): ") || actions.contains("  \(action)"), "no handler for \(action)")
    }
  }
}
