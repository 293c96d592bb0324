import IAPHTTP
import IAPKit
import IAPServer

extension TestHarness {
  /// What `iap serve` answers, in process: the harness's folder as the state's, its clock as
  /// the store's, diagnostics dropped.
  package var router: ServerRouter { router(access: ServerAccess()) }

  /// The router with `access` (Host names, control token) as `iap serve`'s options make it.
  package func router(access: ServerAccess) -> ServerRouter {
    let directory = self.directory
    let now = self.now
    return ServerRouter(statePath: directory + "/.iap", access: access) { namespace in
      Workspace(
        namespace: namespace, environment: Environment(variables: [:], currentDirectory: directory, now: { now }),
        console: Console(out: { _ in }, err: { _ in }))
    }
  }

  /// The router's answer to one request (`target` a path with its query), with `headers`, or
  /// by default those of a well-behaved client: `Host: 127.0.0.1`, and on a change
  /// `Content-Type: application/json`.
  package func send(_ method: String, _ target: String, _ body: String? = nil, headers: [(String, String)]? = nil, via router: ServerRouter? = nil)
    -> HTTPResponse
  {
    let fields = headers ?? [("Host", "127.0.0.1")] + (method == "GET" ? [] : [("Content-Type", "application/json")])
    let request = HTTPRequest(method: method, target: target, headers: HTTPHeaders(fields), body: Array((body ?? "").utf8))!
    return (router ?? self.router).respond(request)
  }
}
