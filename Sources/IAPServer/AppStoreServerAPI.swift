import IAPCore
import IAPKit

/// The App Store Server API, served from a state folder: each request is authorized as
/// Apple authorizes it, routed to its use case, and answered in Apple's JSON shapes and
/// errors. A front end: it parses, calls one use case and formats.
///
/// Every request gets a workspace of its own and opens the state as a command does (under
/// its lock), so it sees what commands did before it and serializes with them.
public struct AppStoreServerAPI: Sendable {
  /// Makes the workspace a request runs in.
  let makeWorkspace: @Sendable () -> Workspace

  public init(makeWorkspace: @escaping @Sendable () -> Workspace) { self.makeWorkspace = makeWorkspace }

  /// The answer to `request`.
  package func respond(_ request: HTTPRequest) -> HTTPResponse {
    let workspace = makeWorkspace()
    // The legacy receipt endpoint takes the app's shared secret, not a token.
    if request.path == "/verifyReceipt" || request.path == "/sandbox/verifyReceipt" {
      guard request.method == "POST" else { return Self.notFound }
      return .json(workspace.verifyReceiptEndpoint(request.body, production: request.path == "/verifyReceipt"))
    }
    let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    // "", "inApps", "v1", resource, id…
    guard parts.count >= 4, parts[0].isEmpty, parts[1] == "inApps" else { return Self.notFound }
    do {
      try workspace.authorizeServerRequest(request.headers["Authorization"])
    } catch {
      return HTTPResponse(status: 401, body: [])
    }
    let route = (request.method, parts[2], parts[3], parts.count)
    do throws(ServerAPIError) {
      switch route {
      case ("GET", "v1", "transactions", 5):
        return .json(try workspace.serverTransactionInfo(parts[4]))
      case ("GET", "v1", "history", 5), ("GET", "v2", "history", 5):
        return .json(try workspace.serverTransactionHistory(parts[4], try Self.historyQuery(request, version: parts[2] == "v2" ? 2 : 1)))
      case ("GET", "v2", "refund", 6) where parts[4] == "lookup":
        return .json(try workspace.serverRefundHistory(parts[5], revision: request.query("revision")))
      case ("GET", "v1", "lookup", 5):
        return .json(try workspace.serverOrderLookup(parts[4]))
      case ("GET", "v1", "subscriptions", 5):
        let statuses = try request.queryValues("status").map { value throws(ServerAPIError) -> Int in
          guard let n = Int(value) else { throw .invalidStatus }
          return n
        }
        return .json(try workspace.serverSubscriptionStatuses(parts[4], statuses: statuses))
      default:
        return Self.notFound
      }
    } catch {
      return .json(error.json, status: error.status)
    }
  }

  /// What Apple answers for a path it does not serve.
  static let notFound = HTTPResponse.json(
    .object([("errorCode", .int(4_040_000)), ("errorMessage", .string("Not found: iap serves no such resource."))]), status: 404)

  /// The history request's query parameters, checked as Apple checks them.
  static func historyQuery(_ request: HTTPRequest, version: Int) throws(ServerAPIError) -> TransactionHistoryQuery {
    var query = TransactionHistoryQuery()
    query.version = version
    query.revision = request.query("revision")
    switch request.query("sort") {
    case nil, "ASCENDING": query.ascending = true
    case "DESCENDING": query.ascending = false
    default: throw .invalidSort
    }
    if let text = request.query("startDate") {
      guard let ms = Int64(text) else { throw .invalidStartDate }
      query.startDate = ms
    }
    if let text = request.query("endDate") {
      guard let ms = Int64(text) else { throw .invalidEndDate }
      query.endDate = ms
    }
    query.productIds = request.queryValues("productId")
    query.productTypes = request.queryValues("productType")
    query.subscriptionGroups = request.queryValues("subscriptionGroupIdentifier")
    query.inAppOwnershipType = request.query("inAppOwnershipType")
    switch request.query("revoked") {
    case nil: break
    case "true": query.revoked = true
    case "false": query.revoked = false
    default: throw .invalidRevoked
    }
    return query
  }
}
