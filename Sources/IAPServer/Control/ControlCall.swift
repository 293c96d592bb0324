import IAPCore
import IAPFormats
import IAPHTTP
import IAPKit
import IAPOperations

/// One request to a control route, as its handler reads it: the workspace of its namespace,
/// the path parameters, the query and the JSON body, each read with a typed accessor that
/// answers a wrong or missing value with a usage error naming it (400).
struct ControlCall {
  let workspace: Workspace
  /// A new workspace for the same namespace: what a stream, which outlives the request's, uses.
  let makeWorkspace: @Sendable () -> Workspace
  /// The server's namespaces: where a namespace made in one call is made and kept track of.
  let namespaces: ServerNamespaces
  let request: HTTPRequest
  let parameters: [String: String]
  /// The body's members (an empty object for an empty body).
  let body: [String: JSONValue]

  /// Reads the body as a JSON object and refuses members the route does not take.
  init(
    makeWorkspace: @escaping @Sendable () -> Workspace, namespaces: ServerNamespaces, request: HTTPRequest, parameters: [String: String],
    route: ControlRoute
  ) throws(IAPError) {
    self.makeWorkspace = makeWorkspace
    self.namespaces = namespaces
    workspace = makeWorkspace()
    self.request = request
    self.parameters = parameters
    guard !request.body.isEmpty else {
      body = [:]
      try Self.checkRequired(route, in: [:])
      return
    }
    guard let json = try? JSONParser.parse(request.body), let members = json.objectValue else {
      throw Self.usage("the request body is not a JSON object")
    }
    var found: [String: JSONValue] = [:]
    for (name, value) in members {
      guard route.body.contains(where: { $0.name == name }) else {
        let known = route.body.map(\.name)
        throw Self.usage("unknown body member '\(name)'" + (known.isEmpty ? ": this route takes no body" : " (takes: \(known.joined(separator: ", ")))"))
      }
      found[name] = value
    }
    body = found
    try Self.checkRequired(route, in: found)
  }

  private static func checkRequired(_ route: ControlRoute, in body: [String: JSONValue]) throws(IAPError) {
    for member in route.body where member.required && (body[member.name] == nil || body[member.name] == .null) {
      throw usage("missing body member '\(member.name)'")
    }
  }

  /// A usage error (400) with `message`.
  static func usage(_ message: String) -> IAPError { .invalidRequest(message) }

  /// The path parameter `name` (the route's template guarantees it).
  func path(_ name: String) -> String { parameters[name] ?? "" }

  /// A transaction id in the path, as `iap queue` prints it (`7` or `#7`).
  func transactionId(_ name: String = "id") throws(IAPError) -> UInt64 {
    try TransactionAction.transactionId(path(name))
  }

  /// A string member of the body, or nil.
  func string(_ name: String) throws(IAPError) -> String? {
    guard let value = body[name], value != .null else { return nil }
    guard let text = value.stringValue else { throw Self.usage("body member '\(name)': expected a string") }
    return text
  }
}
