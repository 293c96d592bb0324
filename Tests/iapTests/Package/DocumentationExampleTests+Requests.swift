import Foundation
import IAPHTTP
import IAPTesting
import Testing

extension DocumentationExampleTests {
  /// The control plane's examples that need nothing bought before them, by the path they ask
  /// for: sent in order to the in-process server. The others start from a state the text
  /// describes (a purchase, a deferred transaction, a family member) and are skipped.
  static let requestPaths: Set<String> = [
    "/iap/v1/products?id=com.example.fakegame.rocket_car&id=nope", "/iap/v1/can-make-payments", "/iap/v1/storefront",
    "/iap/v1/clock", "/iap/v1/clock/advance", "/iap/v1/clock/set", "/iap/v1/settings", "/iap/v1/openapi.json",
  ]

  /// The request a curl example makes (method, path and body), or nil when its words are not
  /// the few options the examples use.
  static func request(_ words: [String]) -> (method: String, path: String, body: String?)? {
    var method = "GET"
    var body: String?
    var path: String?
    var index = 1
    while index < words.count {
      let value = index + 1 < words.count ? words[index + 1] : nil
      switch (words[index], value) {
      case ("-s", _): index += 1
      case ("-H", _?): index += 2
      case let ("-X", name?): (method, index) = (name, index + 2)
      case let ("-d", data?): (body, index) = (data, index + 2)
      case let (url, _) where url.hasPrefix("$IAP_URL"): (path, index) = (String(url.dropFirst("$IAP_URL".count)), index + 1)
      default: return nil
      }
    }
    return path.map { (method, $0, body) }
  }

  /// Whether `answer` is what `shown` shows: the same text, or where `shown` elides (` …`)
  /// its parts in order, the first at the start.
  static func answer(_ answer: String, matches shown: String) -> Bool {
    let parts = shown.components(separatedBy: " …")
    guard parts.count > 1 else { return answer == shown }
    guard answer.hasPrefix(parts[0]) else { return false }
    var rest = answer.dropFirst(parts[0].count)
    for part in parts.dropFirst() where !part.isEmpty {
      guard let found = rest.range(of: part) else { return false }
      rest = rest[found.upperBound...]
    }
    return true
  }

  /// docs/control-api.md's examples of `requestPaths`, in order, against one state with the
  /// bundled catalog and the clock the examples start from, simulated at 2026-01-15T10:00:00Z:
  /// each answer is what the example shows (the clock's moves follow one another).
  @Test func theControlPlanesExamplesFromAFreshStateAnswerAsShown() throws {
    let harness = TestHarness(catalog: try Self.bundledCatalog())
    #expect(run(["clock", "set", "2026-01-15T10:00:00Z"], in: harness).status == 0)
    var sent: Set<String> = []
    for example in try Self.examples() where example.document == "docs/control-api.md" {
      for command in example.commands where command.words.first == "curl" {
        guard let request = Self.request(command.words), Self.requestPaths.contains(request.path) else { continue }
        let response = harness.send(request.method, request.path, request.body)
        let answer = String(decoding: response.body, as: UTF8.self)
        let shown = (command.shown ?? []).joined(separator: "\n")
        #expect(Self.answer(answer, matches: shown), "\(example) `\(command.text)` answered:\n\(answer.prefix(600))")
        sent.insert(request.path)
      }
    }
    #expect(sent == Self.requestPaths, "an example of requestPaths is gone")
  }

  @Test func anElidedAnswerMatchesByItsParts() {
    #expect(Self.answer(#"{"a":1,"b":[2,3],"c":4}"#, matches: #"{"a":1, …,"c":4}"#))
    #expect(!Self.answer(#"{"a":1,"b":[2,3],"c":4}"#, matches: #"{"a":2, …"#))
    #expect(!Self.answer(#"{"a":1}"#, matches: #"{"a": 1}"#))
    let words = DocumentationExample.shellWords(#"curl -s -X PATCH -d '{"x": 1}' "$IAP_URL/iap/v1/settings?a=1&b=2""#)
    #expect(Self.request(words)! == ("PATCH", "/iap/v1/settings?a=1&b=2", #"{"x": 1}"#))
  }
}
