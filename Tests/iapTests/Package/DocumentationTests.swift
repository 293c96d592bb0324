import Foundation
import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPHTTP
@testable import IAPKit

/// Statements of the README and docs that the program can contradict,
/// checked against the program (the command reference has CommandReferenceTests).
@Suite struct DocumentationTests {
  func document(_ path: String) throws -> String {
    try String(contentsOf: EndToEndTests.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// The README's list of a transaction's `--json` keys names every key there is.
  @Test func theReadmeListsEveryTransactionKey() throws {
    let readme = try document("README.md")
    let harness = TestHarness()
    let keys = harness.run("buy sword --json").json.transactions.last?.objectValue?.map(\.0) ?? []
    #expect(keys.count > 10)
    for key in keys { #expect(readme.contains("`\(key)`"), "README.md does not name the transaction key \(key)") }
  }

  /// docs/server-api.md gives the HTTP parser's own limits and statuses.
  @Test func theServerLimitsAreTheParsers() throws {
    let text = try document("docs/server-api.md").replacingOccurrences(of: "\n  ", with: " ")
    let limits = HTTPRequestParser.Limits()
    #expect(text.contains("the request line at most \(limits.requestLineBytes / 1024) KB (414)"))
    #expect(text.contains("at most \(limits.headerBytes / 1024) KB and at most \(limits.headerCount) header fields (431)"))
    #expect(text.contains("bodies at most \(limits.bodyBytes / 1024 / 1024) MB (413)"))
  }

  /// docs/architecture.md gives the HTTP server's own limit of connections served at once.
  @Test func theArchitectureGivesTheServersConnectionLimit() throws {
    let text = try document("docs/architecture.md").replacingOccurrences(of: "\n", with: " ")
    #expect(text.contains("a thread per connection, at most \(HTTPServer.Configuration().maxConnections),"))
  }

  /// What links the static executable is scripts/release-build, not Package.swift, and the
  /// README names it as what scripts/install runs.
  @Test func theStaticBuildIsDescribedWhereItHappens() throws {
    #expect(!(try document("Package.swift")).contains("\"-static-executable\""))
    #expect((try document("scripts/release-build")).contains("-static-executable"))
    let performance = try document("docs/performance.md")
    #expect(!performance.contains("(`-static-executable`, in\n  `Package.swift`)"))
    #expect(performance.contains("`-static-executable`, added by\n  `scripts/release-build`"))
    #expect((try document("scripts/install")).contains("bin=$(scripts/release-build)"))
    #expect((try document("README.md")).contains("To install the fast binary (`scripts/release-build`: release, the Swift runtime linked in"))
  }
}
