import IAPCore
import IAPFormats
import IAPHTTP
import IAPKit
import IAPSystem

/// What `iap serve` answers: the web Transaction Manager at `/` (its files under `/web/`), the
/// control plane under `/iap/v1`, Apple's App Store Server API everywhere else, and all of
/// them again under `/ns/{name}`, a namespace with a store of its own
/// (created on first use, at most `Namespace.limit`). Only to a `Host` it is known by, and
/// on the control plane only what `ServerAccess` lets through.
package final class ServerRouter: Sendable {
  /// The namespaces' workspaces, shared keys and temporary ones.
  let namespaces: ServerNamespaces
  /// The state folder, where the namespaces are.
  let statePath: String
  /// What each store's requests keep from one to the next (transactions by id, verified
  /// tokens, the loaded state, …), by store.
  private let caches = Locked<[String: ServerStoreCache]>([:])

  /// Which `Host`s are answered and what the control plane asks of a request.
  let access: ServerAccess

  /// - Parameters:
  ///   - sharedKeys: the signing secret and key set every store of the server signs and
  ///     checks tokens with (`iap serve --shared-keys`), nil for each its own.
  ///   - makeWorkspace: makes the workspace of a request: the state's own store for nil,
  ///     else the namespace's.
  package init(
    statePath: String, access: ServerAccess = ServerAccess(), sharedKeys: SharedKeys? = nil,
    makeWorkspace: @escaping @Sendable (String?) -> Workspace
  ) {
    self.statePath = statePath
    self.access = access
    namespaces = ServerNamespaces(sharedKeys: sharedKeys, makeWorkspace: makeWorkspace)
  }

  /// The answer to `request`.
  package func respond(_ request: HTTPRequest) -> HTTPResponse {
    if let refusal = access.hostRefusal(request) { return refusal.response }
    var path = Substring(request.path)
    var namespace: Substring?
    if path.hasPrefix("/ns/") {
      let rest = path.dropFirst(4)
      let name = rest.prefix { $0 != "/" }
      path = rest.dropFirst(name.count)
      namespace = name
    }
    let control = path == ControlPlane.prefix || path.hasPrefix(ControlPlane.prefix + "/")
    // Before the namespace is made: a refused request leaves nothing behind.
    if control, let refusal = access.controlRefusal(request) { return refusal.response }
    if let name = namespace {
      do throws(IAPError) {
        try Workspace.admitNamespace(String(name), in: statePath)
      } catch {
        return ControlPlane.failure(error)
      }
      namespaces.touch(String(name))
      // The page's links are relative to its folder: `/ns/alpha` is `/ns/alpha/`.
      if path.isEmpty && request.method == "GET" { return WebRoutes.redirect(to: "/ns/\(name)/") }
      if path.isEmpty { path = "/" }
    }
    if WebRoutes.serves(path) { return WebRoutes.respond(request, path: path) }
    let make = namespaces.makeWorkspace
    let name = namespace.map(String.init)
    let cache = cache(for: name ?? "")
    if control {
      let response = ControlPlane.respond(request, path: path, namespaces: namespaces) {
        let workspace = make(name)
        workspace.reuse = cache
        return workspace
      }
      // What was kept of a deleted namespace is not carried over to the one made afresh
      // under its name, whose files may even take the old ones' inode numbers.
      if let name, request.method == "DELETE", path.split(separator: "/") == ["iap", "v1"], response.status == 200 {
        forget(name)
      }
      return response
    }
    return AppStoreServerAPI.respond(request, path: path, workspace: make(name), cache: cache)
  }

  /// Deletes the temporary namespaces idle for longer than they were given; what cannot be
  /// deleted now (in use) is tried again at the next call. Returns the names deleted.
  @discardableResult
  package func deleteIdleNamespaces() -> [String] {
    deleteTemporary(namespaces.idle(at: WallClock.milliseconds()))
  }

  /// A delivery round of the server's own store between requests
  /// (`Workspace.deliverDueRetries`); a failure waits for the next round, as after a request.
  package func deliverDueRetries() { _ = try? namespaces.makeWorkspace(nil).deliverDueRetries() }

  /// Deletes every temporary namespace, as the server stops. Returns the names deleted.
  @discardableResult
  package func deleteTemporaryNamespaces() -> [String] {
    deleteTemporary(namespaces.temporaryNames)
  }

  private func deleteTemporary(_ names: [String]) -> [String] {
    names.filter { name in
      do throws(IAPError) {
        try namespaces.delete(name)
        forget(name)
        return true
      } catch {
        return false
      }
    }
  }

  /// Drops what was kept of a deleted namespace: the one made afresh under its name starts
  /// with nothing of the old one's.
  private func forget(_ name: String) {
    caches.withLock { $0[name] = nil }
  }

  private func cache(for store: String) -> ServerStoreCache {
    caches.withLock { caches in
      if let cache = caches[store] { return cache }
      let cache = ServerStoreCache()
      caches[store] = cache
      return cache
    }
  }
}
