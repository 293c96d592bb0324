import Foundation

@testable import IAPHTTP
@testable import IAPKit
@testable import IAPServer

/// `iap serve` in process, on a free loopback port, over a state of its own in a temporary
/// folder with the bundled catalog: the store an `IAPStore` under test talks to.
final class StoreServer {
  let folder: String
  let server: HTTPServer
  var url: String { "http://127.0.0.1:\(server.port)" }

  init() throws {
    folder = NSTemporaryDirectory() + "iapstorekit-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    try FileManager.default.copyItem(atPath: root.appendingPathComponent("catalog.plist").path, toPath: folder + "/catalog.plist")
    let directory = folder
    let router = ServerRouter(statePath: folder + "/.iap") { namespace in
      Workspace(
        namespace: namespace, environment: Environment(variables: [:], currentDirectory: directory),
        console: Console(out: { _ in }, err: { _ in }))
    }
    server = try HTTPServer(host: "127.0.0.1", port: 0) { router.respond($0) }
    server.start()
  }

  deinit {
    server.stop()
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// A control-plane call from outside the app (the shell, the test), for what StoreKit
  /// cannot do: approve, refund, move the clock, change settings.
  @discardableResult
  func control(_ method: String, _ path: String, _ body: String? = nil, namespace: String? = nil) throws -> HTTPClient.Response {
    let prefix = namespace.map { "/ns/" + $0 } ?? ""
    let headers = method == "GET" ? [] : [("Content-Type", "application/json")]
    return try HTTPClient.send(method, url + prefix + "/iap/v1" + path, headers: headers, body: body.map { Array($0.utf8) })
  }
}
