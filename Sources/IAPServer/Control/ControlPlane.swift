import IAPCore
import IAPFormats
import IAPHTTP
import IAPKit
import IAPOperations

/// The simulator's own controls over HTTP (`/iap/v1/…`): each request routed by the table
/// (`ControlRoutes.all`) to one use case, answered in the JSON `--json` prints, and each
/// failure as `{"error": …}` (`IAPError.json`) with `IAPError.httpStatus`. No authentication
/// unless `iap serve --control-token` sets one: a test tool, on loopback unless told
/// otherwise, which `ServerAccess` guards against other sites' pages (docs/control-api.md).
enum ControlPlane {
  /// The path prefix every control route is under.
  static let prefix = "/iap/v1"

  /// The answer to `request`, whose path is under `prefix`, in the store `makeWorkspace` makes.
  static func respond(
    _ request: HTTPRequest, path: Substring, namespaces: ServerNamespaces, makeWorkspace: @escaping @Sendable () -> Workspace
  ) -> HTTPResponse {
    let parts = path.dropFirst(prefix.count).split(separator: "/")
    // A literal segment wins over a parameter: `/transactions/updates` is not transaction
    // "updates", whatever methods each allows.
    let matching = ControlRoutes.all.compactMap { route in route.match(parts).map { (route, $0) } }
    let fewest = matching.map(\.1.count).min()
    let candidates = matching.filter { $0.1.count == fewest }
    var allowed: [String] = []
    for (route, parameters) in candidates {
      guard route.method == request.method || (request.method == "HEAD" && route.method == "GET") else {
        allowed.append(route.method)
        continue
      }
      do throws(IAPError) {
        let call = try ControlCall(
          makeWorkspace: makeWorkspace, namespaces: namespaces, request: request, parameters: parameters, route: route)
        let answer = try route.handler(call)
        // What a change notified is posted after the answer, as after a command.
        if route.method != "GET" { BackgroundDelivery.start(call.workspace) }
        switch answer {
        case let .json(value, status): return .json(value, status: status)
        case let .response(response): return response
        }
      } catch {
        return failure(error)
      }
    }
    if !allowed.isEmpty {
      var response = failure(.invalidRequest("\(request.method) is not allowed on \(path): use \(allowed.joined(separator: ", "))"), status: 405)
      response.headers.add("Allow", allowed.joined(separator: ", "))
      return response
    }
    return failure(.invalidRequest("no such route: \(request.method) \(path) (GET \(prefix)/openapi.json lists them)"), status: 404)
  }

  /// `{"error": …}` with the error's status (or `status`).
  static func failure(_ error: IAPError, status: Int? = nil) -> HTTPResponse {
    var response = HTTPResponse.json(.object([("error", error.json)]), status: status ?? error.httpStatus)
    if response.status >= 500 { response.log = error.userMessages.joined(separator: "; ") }
    return response
  }
}
