import Foundation

@testable import IAPHTTP
@testable import IAPKit
@testable import IAPServer

extension TestHarness {
  /// What `iap serve` answers, in process: the harness's folder as the state's, its clock as
  /// the store's, diagnostics dropped.
  var router: ServerRouter {
    let directory = self.directory
    let now = self.now
    return ServerRouter(statePath: directory + "/.iap") { namespace in
      Workspace(
        namespace: namespace, environment: Environment(variables: [:], currentDirectory: directory, now: { now }),
        console: Console(out: { _ in }, err: { _ in }))
    }
  }

  /// The router's answer to one request (`target` a path with its query).
  func send(_ method: String, _ target: String, _ body: String? = nil) -> HTTPResponse {
    router.respond(HTTPRequest(method: method, target: target, headers: HTTPHeaders([("Host", "x")]), body: Array((body ?? "").utf8))!)
  }
}
