import IAPFormats
import IAPHTTP
import IAPKit
import IAPOperations

/// One route of the control plane (`/iap/v1/…`): what it answers, what it takes, and the use
/// case it calls. The table of them (`ControlRoutes.all`) drives dispatch and the OpenAPI
/// document alike, so neither can list a route the other lacks.
struct ControlRoute: Sendable {
  /// `GET`, `POST`, `PUT`, `PATCH` or `DELETE`.
  let method: String
  /// The path under `/iap/v1`, with `{name}` for a path parameter: `/transactions/{id}/finish`.
  let path: String
  /// One line: what the route does, as the CLI command that does the same says it.
  let summary: String
  /// Query parameters it reads.
  var query: [ControlParameter] = []
  /// Members of the JSON object body it reads; any other member is refused (400).
  var body: [ControlParameter] = []
  /// Names what the 200 answer holds, for the OpenAPI document (`{"transactions": …}`, …).
  var answer: ControlAnswerShape = .object
  /// Parses, calls one use case, formats.
  let handler: @Sendable (ControlCall) throws(IAPError) -> ControlAnswer

  /// The route of an operation: its summary, and its parameters as the query of a `GET` and
  /// as body members otherwise.
  init(
    method: String, path: String, operation: OperationSpec, answer: ControlAnswerShape = .object,
    handler: @escaping @Sendable (ControlCall) throws(IAPError) -> ControlAnswer
  ) {
    self.method = method
    self.path = path
    summary = operation.summary
    let parameters = operation.parameters.filter(\.onControlPlane).filter { !path.contains("{\($0.jsonName)}") }.map(ControlParameter.init)
    if method == "GET" { query = parameters } else { body = parameters }
    self.answer = answer
    self.handler = handler
  }

  init(
    method: String, path: String, summary: String, query: [ControlParameter] = [], body: [ControlParameter] = [],
    answer: ControlAnswerShape = .object, handler: @escaping @Sendable (ControlCall) throws(IAPError) -> ControlAnswer
  ) {
    self.method = method
    self.path = path
    self.summary = summary
    self.query = query
    self.body = body
    self.answer = answer
    self.handler = handler
  }

  /// The path split at `/`, parameters kept as `{name}`.
  var segments: [Substring] { path.split(separator: "/") }

  /// The path parameters' values when `parts` (the request's path under `/iap/v1`, split)
  /// matches this route's path, else nil.
  func match(_ parts: [Substring]) -> [String: String]? {
    let own = segments
    guard own.count == parts.count else { return nil }
    var found: [String: String] = [:]
    for (pattern, part) in zip(own, parts) {
      if pattern.hasPrefix("{") {
        found[String(pattern.dropFirst().dropLast())] = String(part)
      } else if pattern != part {
        return nil
      }
    }
    return found
  }
}
