import IAPFormats
import IAPHTTP

/// An `iap` command line as the control plane request that does the same (`/iap/v1/…`), for
/// the commands whose route answers the document their `--json` prints. A command with an
/// option the route does not take (`--account`, `--catalog`, a misspelt option, …) has none,
/// nor have `restore` (its route answers no count) and `can-make-payments` (a "no" is an
/// ordinary answer there, a failure status here).
package struct ControlPlaneCommand: Equatable, Sendable {
  /// The HTTP method.
  package var method: String
  /// The path under `/iap/v1`, with its query.
  package var path: String
  /// The JSON body's members, if it has one.
  package var body: [(String, JSONValue)]?

  /// The same request: method, path and body members in order.
  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.method == rhs.method && lhs.path == rhs.path && lhs.body.map(JSONValue.object) == rhs.body.map(JSONValue.object)
  }

  /// The request for `arguments` (`--json` anywhere ignored: the control plane answers JSON), or nil.
  package init?(_ arguments: [String]) {
    let words = arguments.filter { $0 != "--json" }
    guard let name = words.first else { return nil }
    let rest = Array(words.dropFirst())
    switch (name, rest.count) {
    case ("buy", 1...): self.init(buying: rest)
    case ("queue", 0): self.init("GET", "/transactions/unfinished")
    case ("history", 0): self.init("GET", "/transactions")
    case ("entitlements", 0): self.init("GET", "/entitlements")
    case ("clear", 0): self.init("POST", "/clear")
    case ("reinstall", 0): self.init("POST", "/reinstall")
    case ("reset", 0): self.init("DELETE", "")
    case ("finish", 1) where rest[0] == "--all": self.init("POST", "/transactions/unfinished/finish")
    case ("finish", 1), ("approve", 1), ("decline", 1), ("resolve", 1):
      guard let id = Self.transactionId(rest[0]) else { return nil }
      self.init("POST", "/transactions/\(id)/\(name)")
    case ("delete", 1):
      guard let id = Self.transactionId(rest[0]) else { return nil }
      self.init("DELETE", "/transactions/\(id)")
    case ("refund", 1), ("refund", 3):
      guard let id = Self.transactionId(rest[0]) else { return nil }
      guard rest.count == 1 || rest[1] == "--reason" else { return nil }
      self.init("POST", "/transactions/\(id)/refund", body: rest.count == 3 ? [("reason", .string(rest[2]))] : [])
    case ("settings", 0): self.init("GET", "/settings")
    case ("settings", 3) where rest[0] == "set": self.init("PATCH", "/settings", body: [(rest[1], .string(rest[2]))])
    case ("products", 1) where rest[0] == "list": self.init("GET", "/products")
    case ("products", 2...) where rest[0] == "fetch" && !rest.contains(where: { $0.hasPrefix("-") }):
      self.init("GET", "/products?" + rest.dropFirst().map { "id=\($0)" }.joined(separator: "&"))
    default: return nil
    }
  }

  private init(_ method: String, _ path: String, body: [(String, JSONValue)]? = nil) {
    self.method = method
    self.path = path
    self.body = body
  }

  /// `buy PRODUCT [--quantity N] [--username NAME] [--finish] [--fail CODE]` as `POST /purchases`.
  private init?(buying words: [String]) {
    var body: [(String, JSONValue)] = [("productId", .string(words[0]))]
    var index = 1
    while index < words.count {
      let option = words[index]
      let value = index + 1 < words.count ? words[index + 1] : nil
      switch (option, value) {
      case ("--finish", _):
        body.append(("finish", .bool(true)))
        index += 1
        continue
      case let ("--quantity", text?):
        guard let quantity = Int64(text) else { return nil }
        body.append(("quantity", .int(quantity)))
      case let ("--username", name?): body.append(("applicationUsername", .string(name)))
      case let ("--fail", code?): body.append(("simulatedError", .string(code)))
      default: return nil
      }
      index += 2
    }
    self.init("POST", "/purchases", body: body)
  }

  /// A transaction id as the commands take it (`7` or `#7`), or nil.
  private static func transactionId(_ text: String) -> UInt64? { UInt64(text.hasPrefix("#") ? String(text.dropFirst()) : text) }

  /// Sends the request to the harness's in-process `iap serve`: the answer as a run's result,
  /// stdout its JSON, the status the exit status its `{"error": …}` member carries, else 0
  /// for a 2xx answer.
  package func send(through harness: TestHarness) -> RunResult {
    let response = harness.send(method, "/iap/v1" + path, body.map { JSONWriter.compact(.object($0)) })
    let text = String(decoding: response.body, as: UTF8.self)
    // A failed purchase is a 200 answer whose document carries the error, as `--json` prints it.
    if let exitCode = (try? JSONParser.parse(text))?["error"]?["exitCode"]?.intValue {
      return RunResult(status: Int32(exitCode), stdout: text, stderr: "")
    }
    return RunResult(status: (200..<300).contains(response.status) ? 0 : -1, stdout: text, stderr: "")
  }
}
