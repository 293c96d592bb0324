import Foundation
import IAPHTTP
import IAPKit
import IAPServer
import IAPSystem

/// The store of a process that names none (`IAP_URL` unset): `iap serve` in this very process,
/// on a free loopback port, over a state of its own in a temporary folder that is removed
/// when the process exits. So an app's `swift test` needs no server started by hand and no
/// `iap` binary, which a package dependency does not bring.
///
/// It sells `IAP_CATALOG` when set, else the working folder's `catalog.plist` when there is
/// one, else nothing: test sessions bring their own (`SKTestSession(configurationFileNamed:)`).
package final class PrivateStore: Sendable {
  /// The server's URL.
  package let url: String
  private let server: HTTPServer

  /// The process's private store, started on first use.
  package static let shared: Result<PrivateStore, StoreConnectionError> = Result { () throws(StoreConnectionError) in try PrivateStore() }

  private init() throws(StoreConnectionError) {
    let environment = ProcessInfo.processInfo.environment
    let folder = NSTemporaryDirectory() + "iap-storekit-\(ProcessEnvironment.processIdentifier)-" + UUID().uuidString.prefix(8)
    let manager = FileManager.default
    var catalog = environment["IAP_CATALOG"].flatMap { $0.isEmpty ? nil : $0 }
    if catalog == nil, manager.fileExists(atPath: manager.currentDirectoryPath + "/catalog.plist") {
      catalog = manager.currentDirectoryPath + "/catalog.plist"
    }
    do {
      try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
      if catalog == nil {
        catalog = folder + "/catalog.plist"
        try Data(Self.emptyCatalog.utf8).write(to: URL(fileURLWithPath: folder + "/catalog.plist"))
      }
    } catch {
      throw StoreConnectionError(status: 0, name: "unreachable", message: "cannot make the private store's folder \(folder): \(error)")
    }
    PrivateStoreCleanup.register(folder)
    let state = folder + "/state"
    let catalogPath = catalog
    let variables = environment.filter { !$0.key.hasPrefix("IAP_") }
    let router = ServerRouter(statePath: state) { namespace in
      Workspace(
        state: state, namespace: namespace, catalog: catalogPath,
        environment: Environment(variables: variables, currentDirectory: folder), console: Console(out: { _ in }, err: { _ in }))
    }
    do {
      server = try HTTPServer(host: "127.0.0.1", port: 0) { router.respond($0) }
    } catch {
      throw StoreConnectionError(status: 0, name: "unreachable", message: "cannot start the private store: \(error)")
    }
    server.start()
    url = "http://127.0.0.1:\(server.port)"
  }

  /// A catalog that sells nothing.
  static let emptyCatalog = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>products</key><array/></dict></plist>

    """
}

/// Removes the private stores' folders when the process exits.
enum PrivateStoreCleanup {
  nonisolated(unsafe) private static var folders: [String] = []
  private static let lock = NSLock()

  static func register(_ folder: String) {
    lock.withLock {
      if folders.isEmpty { atexit { PrivateStoreCleanup.removeAll() } }
      folders.append(folder)
    }
  }

  private static func removeAll() {
    for folder in lock.withLock({ folders }) { try? FileManager.default.removeItem(atPath: folder) }
  }
}
