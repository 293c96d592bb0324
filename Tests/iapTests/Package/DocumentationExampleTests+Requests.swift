import Foundation
import IAPHTTP
import IAPTesting
import Testing

extension DocumentationExampleTests {
  /// The control plane's examples that run, by method and path, each with the commands that
  /// make the state it starts from (after the clock is set to 2026-01-15T10:00:00Z, as the
  /// examples assume; a fixed signing secret makes the certificates and the app transaction id
  /// the same each time). The others are in `unrunRequests`, with why.
  static let requests: [String: [String]] = {
    let p = "com.example.fakegame"
    return [
      "DELETE /iap/v1/transactions/2": ["buy \(p).unlock_maps", "buy \(p).extra_lives"],
      "GET /iap/v1/can-make-payments": [],
      "GET /iap/v1/clock": [],
      "GET /iap/v1/entitlements": ["buy \(p).unlock_maps", "refund 1", "refund-reverse 1"],
      "GET /iap/v1/family": ["family add kid"],
      "GET /iap/v1/openapi.json": [],
      "GET /iap/v1/products?id=com.example.fakegame.rocket_car&id=nope": [],
      "GET /iap/v1/settings": [],
      "GET /iap/v1/storefront": [],
      "GET /iap/v1/transactions/1": ["buy \(p).unlock_maps"],
      "GET /iap/v1/transactions/unfinished": ["buy \(p).unlock_maps"],
      "GET /iap/v1/transactions?unfinished=true": ["buy \(p).unlock_maps"],
      "PATCH /iap/v1/settings": [],
      "POST /iap/v1/clear": ["buy \(p).unlock_maps"],
      "POST /iap/v1/clock": [],
      "POST /iap/v1/clock/advance": ["clock advance 1d"],
      "POST /iap/v1/clock/set": [],
      "POST /iap/v1/notifications/trigger": [],
      "POST /iap/v1/products/com.example.fakegame.pro.monthly/remove-from-sale": ["buy \(p).pro.monthly --finish"],
      "POST /iap/v1/products/com.example.fakegame.pro.monthly/restore-to-sale": [
        "buy \(p).pro.monthly --finish", "products remove-from-sale \(p).pro.monthly",
      ],
      "POST /iap/v1/purchases": [],
      "POST /iap/v1/reinstall": ["buy \(p).unlock_maps"],
      "POST /iap/v1/restore": ["buy \(p).unlock_maps --finish"],
      "POST /iap/v1/sync": ["buy \(p).unlock_maps --finish"],
      "POST /iap/v1/transactions/1/finish": ["buy \(p).unlock_maps"],
      "POST /iap/v1/transactions/1/refund": ["buy \(p).unlock_maps"],
      "POST /iap/v1/transactions/1/refund/reverse": ["buy \(p).unlock_maps", "refund 1"],
      "POST /iap/v1/transactions/3/approve": [
        "buy \(p).unlock_maps", "buy \(p).extra_lives", "settings set ask-to-buy on", "buy \(p).rocket_car",
      ],
      "POST /iap/v1/transactions/3/refund-request": ["buy \(p).unlock_maps", "buy \(p).extra_lives", "buy \(p).rocket_car"],
      "POST /iap/v1/transactions/3/refund-request/decline": [
        "buy \(p).unlock_maps", "buy \(p).extra_lives", "buy \(p).rocket_car", "refund-request 3 --reason UNINTENDED_PURCHASE",
      ],
      "POST /iap/v1/transactions/4/decline": [
        "buy \(p).unlock_maps", "buy \(p).extra_lives", "buy \(p).rocket_car", "settings set ask-to-buy on", "buy \(p).season_pass",
      ],
      "POST /iap/v1/transactions/5/resolve": [
        "buy \(p).unlock_maps", "buy \(p).extra_lives", "buy \(p).rocket_car", "buy \(p).season_pass",
        "settings set interrupted-purchases on", "buy \(p).coins_1000", "settings set interrupted-purchases off",
      ],
      "POST /iap/v1/transactions/unfinished/finish": ["buy \(p).unlock_maps --finish", "buy \(p).extra_lives"],
      "DELETE /iap/v1/family/members/kid": ["buy \(p).unlock_maps", "family add kid"],
      "GET /iap/v1/messages": [
        "buy \(p).pro.monthly --finish",
        "subscription price-increase \(p).pro.monthly --price 12.99 --consent required",
      ],
      "GET /iap/v1/receipt": ["buy \(p).unlock_maps"],
      "GET /iap/v1/subscriptions/com.example.fakegame.pro.yearly/eligibility": [],
      "GET /iap/v1/subscriptions/manage?subscriptionGroupID=pro": [
        "buy \(p).pro.yearly --finish",
        "subscription cancel \(p).pro.yearly",
      ],
      "GET /iap/v1/subscriptions?productId=com.example.fakegame.pro.monthly": ["buy \(p).pro.monthly --finish"],
      "POST /iap/v1/family/members": ["buy \(p).unlock_maps"],
      "POST /iap/v1/messages/dismiss": [
        "buy \(p).pro.monthly --finish",
        "subscription price-increase \(p).pro.monthly --price 12.99 --consent required",
      ],
      "POST /iap/v1/receipt/refresh": ["buy \(p).unlock_maps"],
      "POST /iap/v1/subscriptions/com.example.fakegame.pro.monthly/cancel": ["buy \(p).pro.monthly --finish"],
      "POST /iap/v1/subscriptions/com.example.fakegame.pro.monthly/expire": ["buy \(p).pro.monthly --finish"],
      "POST /iap/v1/subscriptions/com.example.fakegame.pro.monthly/price-increase": ["buy \(p).pro.monthly --finish"],
      "POST /iap/v1/subscriptions/com.example.fakegame.pro.monthly/price-increase/accept": [
        "buy \(p).pro.monthly --finish",
        "subscription price-increase \(p).pro.monthly --price 5.99 --consent required",
      ],
      "POST /iap/v1/subscriptions/com.example.fakegame.pro.monthly/price-increase/decline": ["buy \(p).pro.monthly --finish"],
      "POST /iap/v1/subscriptions/com.example.fakegame.pro.monthly/renew": ["buy \(p).pro.monthly --finish"],
      "POST /iap/v1/subscriptions/com.example.fakegame.pro.monthly/resume": [
        "buy \(p).pro.monthly --finish",
        "subscription cancel \(p).pro.monthly",
      ],
      "DELETE /iap/v1": [],
      "GET /iap/v1/status": ["buy \(p).pro.monthly", "clock advance 2M"],
      "GET /iap/v1/certificates/root": ["settings set signing-secret docs"],
      "GET /iap/v1/verification": ["settings set signing-secret docs"],
      "GET /iap/v1/notifications": ["buy \(p).unlock_maps"],
      "POST /iap/v1/consent/rescind": ["settings set signing-secret docs"],
      "POST /iap/v1/external-purchase/token": ["settings set signing-secret docs", "settings set external-purchase on"],
      "POST /iap/v1/messages/send": [],
      "GET /iap/v1/subscriptions/com.example.fakegame.pro.monthly/timeline": [
        "buy \(p).pro.yearly --finish", "buy \(p).pro.monthly", "clock advance 14M",
      ],
    ]
  }()

  /// The examples that do not run, by method and path (a URL for another server's), with why.
  static let unrunRequests: [String: String] = [
    "GET /iap/v1/transactions/updates": "a stream of Server-Sent Events that ends only when the client hangs up",
    "PUT /ns/suite-1/iap/v1/catalog": "its body is made by python3 from a Products.storekit file the page does not show",
    "GET /iap/v1/app-transaction": "its deviceVerification is made from a random nonce",
    "POST /iap/v1/keys": "it makes a key at random",
    "GET /iap/v1/keys": "it shows a key made at random and the state's random issuer id",
    "PUT /iap/v1/keys/EXTERNAL01": "it shows a key made at random beside the one it registers",
    "DELETE /iap/v1/keys/EXTERNAL01": "it needs the key the PUT before it registers, whose PEM no command line can carry",
    "POST /iap/v1/namespaces": "it answers a key made at random and the server's own port",
    "GET http://127.0.0.1:8080/iap/v1/status": "it asks the server the container above runs",
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
      case let (url, _) where url.hasPrefix("http://"): (path, index) = (url, index + 1)
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

  /// docs/control-api.md's examples of `requests`, each against a state of its own with the
  /// bundled catalog, made by its commands: each answer is what the example shows. Every other
  /// example is in `unrunRequests`, holds an elided token, or shows no answer (the page's
  /// opening overview, whose routes have examples of their own below).
  @Test func theControlPlanesExamplesAnswerAsShown() throws {
    var sent: Set<String> = []
    var unrun: Set<String> = []
    for example in try Self.examples() where example.document == "docs/control-api.md" {
      for command in example.commands where command.words.first == "curl" && !command.text.contains("…") {
        let request = try #require(Self.request(command.words), "\(example) `\(command.text)`: not a request the test reads")
        let key = request.method + " " + request.path
        guard let shown = command.shown, !shown.isEmpty, Self.unrunRequests[key] == nil else {
          unrun.insert(key)
          continue
        }
        let given = try #require(Self.requests[key], "\(example) `\(command.text)`: neither run nor in unrunRequests")
        let harness = TestHarness(catalog: try Self.bundledCatalog())
        for line in ["clock set 2026-01-15T10:00:00Z"] + given {
          #expect(run(DocumentationExample.shellWords(line), in: harness).status < 64, "\(line): not a usage or input error")
        }
        let response = harness.send(request.method, request.path, request.body)
        let answer = try Self.normalized(String(decoding: response.body, as: UTF8.self), folder: harness.directory)
        let expected = try Self.normalized(shown.joined(separator: "\n"), folder: harness.directory)
        #expect(Self.answer(answer, matches: expected), "\(example) `\(command.text)` answered:\n\(answer.prefix(900))")
        sent.insert(request.method + " " + request.path)
      }
    }
    #expect(sent == Set(Self.requests.keys), "an example of requests is gone")
    #expect(Set(Self.unrunRequests.keys).isSubset(of: unrun), "an example of unrunRequests is gone")
  }

  @Test func anElidedAnswerMatchesByItsParts() {
    #expect(Self.answer(#"{"a":1,"b":[2,3],"c":4}"#, matches: #"{"a":1, …,"c":4}"#))
    #expect(!Self.answer(#"{"a":1,"b":[2,3],"c":4}"#, matches: #"{"a":2, …"#))
    #expect(!Self.answer(#"{"a":1}"#, matches: #"{"a": 1}"#))
    let words = DocumentationExample.shellWords(#"curl -s -X PATCH -d '{"x": 1}' "$IAP_URL/iap/v1/settings?a=1&b=2""#)
    #expect(Self.request(words)! == ("PATCH", "/iap/v1/settings?a=1&b=2", #"{"x": 1}"#))
  }
}
