import IAPCore
import IAPKit
import IAPHTTP
import IAPFormats

/// The App Store Server API, served from a state folder: each request is authorized as
/// Apple authorizes it, routed to its use case, and answered in Apple's JSON shapes and
/// errors. A front end: it parses, calls one use case and formats.
///
/// Every request gets a workspace of its own and opens the state as a command does (under
/// its lock), so it sees what commands did before it and serializes with them; a read-only
/// one takes what an earlier request opened while nothing in the state folder changed since
/// (`ServerReadCache`), which is the same state.
package struct AppStoreServerAPI: Sendable {
  /// Makes the workspace a request runs in.
  let makeWorkspace: @Sendable () -> Workspace
  /// What requests keep from one to the next (transactions by id, verified tokens, …).
  let cache = ServerStoreCache()

  package init(makeWorkspace: @escaping @Sendable () -> Workspace) { self.makeWorkspace = makeWorkspace }

  /// The answer to `request`.
  package func respond(_ request: HTTPRequest) -> HTTPResponse {
    Self.respond(request, path: Substring(request.path), workspace: makeWorkspace(), cache: cache)
  }

  /// The answer to `request` for `path` (the request's, less any namespace prefix), in
  /// `workspace`'s store, for which `cache` keeps what requests share.
  package static func respond(_ request: HTTPRequest, path: Substring, workspace: Workspace, cache: ServerStoreCache) -> HTTPResponse {
    workspace.reuse = cache
    workspace.requestedEnvironment = AppleAPIHost.environment(ofHost: request.headers["Host"])
    // The legacy receipt endpoint takes the app's shared secret, not a token.
    if path == "/verifyReceipt" || path == "/sandbox/verifyReceipt" {
      guard request.method == "POST" else { return Self.notFound }
      return .json(workspace.verifyReceiptEndpoint(request.body, production: path == "/verifyReceipt"))
    }
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    // "", "inApps", "v1", resource, id…
    guard parts.count >= 4, parts[0].isEmpty, parts[1] == "inApps" else { return Self.notFound }
    do {
      try workspace.authorizeServerRequest(request.headers["Authorization"])
    } catch {
      // Only a token that is wrong is a 401; a store that cannot check it is a 5xx.
      guard case let .unavailable(cause) = error else { return HTTPResponse(status: 401, body: []) }
      return Self.failure(.serverFailure(cause))
    }
    if parts[2] == "v1", parts[3] == "messaging" { return Self.retentionMessaging(request, parts, workspace: workspace) }
    let route = (request.method, parts[2], parts[3], parts.count)
    do throws(ServerAPIError) {
      switch route {
      case ("GET", "v1", "transactions", 6) where parts[4] == "appTransactions":
        return .json(try workspace.serverAppTransactionInfo(parts[5]))
      case ("POST", "v1", "transactions", 6) where parts[5] == "finish":
        try workspace.serverFinishTransaction(parts[4])
        return HTTPResponse(status: 200, body: [])
      case ("GET", "v1", "transactions", 5):
        return .json(try workspace.serverTransactionInfo(parts[4]))
      case ("GET", "v1", "history", 5), ("GET", "v2", "history", 5):
        return .json(try workspace.serverTransactionHistory(parts[4], try Self.historyQuery(request, version: parts[2] == "v2" ? 2 : 1)))
      case ("GET", "v2", "refund", 6) where parts[4] == "lookup":
        return .json(try workspace.serverRefundHistory(parts[5], revision: request.query("revision")))
      case ("GET", "v1", "lookup", 5):
        return .json(try workspace.serverOrderLookup(parts[4]))
      case ("POST", "v1", "notifications", 5) where parts[4] == "test":
        return delivering(workspace, try workspace.serverRequestTestNotification())
      case ("GET", "v1", "notifications", 6) where parts[4] == "test":
        return .json(try workspace.serverTestNotificationStatus(parts[5]))
      case ("POST", "v1", "notifications", 5) where parts[4] == "history":
        return .json(try workspace.serverNotificationHistory(try Self.notificationHistoryQuery(request)))
      case ("PUT", "v1", "subscriptions", 6) where parts[4] == "extend":
        return delivering(workspace, try workspace.serverExtendRenewalDate(parts[5], try Self.extensionRequest(request)))
      case ("POST", "v1", "subscriptions", 6) where parts[4] == "extend" && parts[5] == "mass":
        return delivering(workspace, try workspace.serverMassExtendRenewalDate(try Self.extensionRequest(request)))
      case ("GET", "v1", "subscriptions", 8) where parts[4] == "extend" && parts[5] == "mass":
        return .json(try workspace.serverMassExtensionStatus(productId: parts[6], requestIdentifier: parts[7]))
      case ("PUT", "v1", "transactions", 6) where parts[4] == "consumption", ("PUT", "v2", "transactions", 6) where parts[4] == "consumption":
        try workspace.serverSendConsumptionInformation(parts[5], body: try Self.jsonBody(request), version: parts[2] == "v2" ? 2 : 1)
        return HTTPResponse(status: 202, body: [])
      case ("PUT", "v1", "transactions", 6) where parts[5] == "appAccountToken":
        let body = try Self.jsonBody(request)
        try workspace.serverSetAppAccountToken(parts[4], token: body["appAccountToken"]?.stringValue)
        return HTTPResponse(status: 200, body: [])
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
      return Self.failure(error)
    }
  }

  /// `error` in Apple's shape; the server's own failures (5xx) are logged too.
  static func failure(_ error: ServerAPIError) -> HTTPResponse {
    var response = HTTPResponse.json(error.json, status: error.status)
    if error.status >= 500 { response.log = error.message }
    return response
  }

  /// The answer to a request whose use case committed notifications: they are posted once
  /// the answer is on its way, as Apple sends them.
  static func delivering(_ workspace: Workspace, _ body: JSONValue) -> HTTPResponse {
    BackgroundDelivery.start(workspace)
    return .json(body)
  }

  /// The request's body as JSON: Apple answers a body it cannot read as a bad request.
  static func jsonBody(_ request: HTTPRequest) throws(ServerAPIError) -> JSONValue {
    guard let json = try? JSONParser.parse(request.body), json.objectValue != nil else {
      throw .badRequest("The request body is not a JSON object.")
    }
    return json
  }

  /// An integer member, or nil when absent; `invalid` when it is not a whole number.
  static func int(_ json: JSONValue, _ key: String, invalid: ServerAPIError) throws(ServerAPIError) -> Int64? {
    guard let value = json[key], value != .null else { return nil }
    guard let n = value.intValue else { throw invalid }
    return n
  }

  /// Get Notification History's body and `paginationToken`.
  static func notificationHistoryQuery(_ request: HTTPRequest) throws(ServerAPIError) -> NotificationHistoryQuery {
    let body = try jsonBody(request)
    var query = NotificationHistoryQuery()
    query.startDate = try int(body, "startDate", invalid: .invalidStartDate)
    query.endDate = try int(body, "endDate", invalid: .invalidEndDate)
    query.notificationType = body["notificationType"]?.stringValue
    query.notificationSubtype = body["notificationSubtype"]?.stringValue
    query.transactionId = body["transactionId"]?.stringValue
    query.onlyFailures = body["onlyFailures"]?.boolValue ?? false
    query.paginationToken = request.query("paginationToken")
    return query
  }

  /// An extension request's body (single or mass).
  static func extensionRequest(_ request: HTTPRequest) throws(ServerAPIError) -> ExtensionRequest {
    let body = try jsonBody(request)
    var parsed = ExtensionRequest()
    parsed.extendByDays = try int(body, "extendByDays", invalid: .invalidExtendByDays).flatMap { Int(exactly: $0) }
    parsed.extendReasonCode = try int(body, "extendReasonCode", invalid: .invalidExtendReasonCode).flatMap { Int(exactly: $0) }
    parsed.requestIdentifier = body["requestIdentifier"]?.stringValue
    parsed.productId = body["productId"]?.stringValue
    if let codes = body["storefrontCountryCodes"], codes != .null {
      guard let list = codes.arrayValue else { throw .invalidStorefrontCountryCode }
      var strings: [String] = []
      for code in list {
        guard let text = code.stringValue else { throw .invalidStorefrontCountryCode }
        strings.append(text)
      }
      parsed.storefrontCountryCodes = strings
    }
    return parsed
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
    // An empty filter value names nothing: Apple refuses it with the parameter's own error
    // rather than reading it as "no filter" or as "matches nothing".
    if query.productIds.contains("") { throw .invalidProductId }
    if query.subscriptionGroups.contains("") { throw .invalidSubscriptionGroupIdentifier }
    query.inAppOwnershipType = request.query("inAppOwnershipType")
    switch request.query("revoked") {
    case nil: break
    // Apple's Python client sends `str(bool)`: `True` and `False`.
    case "true", "True": query.revoked = true
    case "false", "False": query.revoked = false
    default: throw .invalidRevoked
    }
    return query
  }
}
