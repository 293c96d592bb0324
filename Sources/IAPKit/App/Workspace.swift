import IAPCore
import IAPFormats
import IAPStorage

/// Where use cases run, and as whom: the state folder, the catalog, the sandbox account and
/// device, and what the process gives them (environment variables, working folder, wall
/// clock, a console for diagnostics). Every front end builds one and calls the use cases on
/// it; nothing in this layer reads the process's globals.
///
/// Nothing is loaded up front: a use case that needs no catalog never reads one.
package final class Workspace {
  /// The state folder, resolved against the working folder.
  package let stateDirectory: StateDirectory
  /// The catalog as the user named it (for messages); `catalogPath` is where it is.
  package let catalogDisplayPath: String
  /// The sandbox tester whose purchase history use cases act on.
  package let account: String
  /// The device whose payment queue use cases act on.
  package let device: String
  /// The namespace whose store this is (`--namespace`, `IAP_NAMESPACE`), or nil for the
  /// state's own.
  package let namespace: String?
  /// Environment variables, the working folder and the wall clock.
  package let environment: Environment
  /// Where warnings and notes go (catalog warnings, delivery failures). Never data.
  package let console: Console

  /// The notification URL of the last state a use case opened: the front end's delivery
  /// step (`deliverNotifications()`) posts there after the use case.
  package var deliveryURL: String?
  /// What a long-running front end keeps for this store from one request to the next, for
  /// the use cases to take rather than read again (nil for a command, which runs once).
  package var reuse: (any StoreReuse)?
  /// The catalog's fields as an App Store Server API request's authorization read them (its
  /// `bid`): the use case that follows takes them rather than reading them again.
  package var authorizedCatalogFields: Catalog?
  /// The signing secret and API key set the server shares across namespaces
  /// (`iap serve --shared-keys`), which this store then signs and checks tokens with in
  /// place of its own; nil for its own.
  package var sharedKeys: SharedKeys?
  /// The environment an App Store Server API request named by the host it was sent to
  /// (Apple's production or sandbox host), or nil for any other host.
  package var requestedEnvironment: AppStoreEnvironment?

  /// - Parameters:
  ///   - state: the state folder as given (`--state`), else `$IAP_STATE`, else `.iap`.
  ///   - catalog: the catalog as given (`--catalog`), else `$IAP_CATALOG`, else `catalog.plist`;
  ///     a namespace's own catalog (`useCatalog`) before any of them.
  ///   - account: `--account`, else `$IAP_ACCOUNT`, else `default`.
  ///   - device: `--device`, else `$IAP_DEVICE`, else `default`.
  package init(
    state: String? = nil, namespace: String? = nil, catalog: String? = nil, account: String? = nil, device: String? = nil,
    environment: Environment, console: Console
  ) {
    self.environment = environment
    self.console = console
    let base = Self.statePath(state, environment: environment)
    self.namespace = namespace ?? environment.variable("IAP_NAMESPACE")
    stateDirectory = self.namespace.map { StateDirectory(namespace: $0, in: base) } ?? StateDirectory(path: base)
    // A namespace given a catalog of its own (a test session's configuration) sells that one.
    catalogDisplayPath =
      (self.namespace == nil ? nil : Self.namespaceCatalog(in: stateDirectory.path))
      ?? catalog ?? environment.variable("IAP_CATALOG") ?? "catalog.plist"
    self.account = account ?? environment.variable("IAP_ACCOUNT") ?? "default"
    self.device = device ?? environment.variable("IAP_DEVICE") ?? "default"
  }

  /// The same store, catalog, device and environment, acting for `account`: a use case that
  /// plays a customer other than the workspace's own (`notifications trigger --customer`).
  package func acting(for account: String) -> Workspace { Workspace(copying: self, account: account) }

  private init(copying other: Workspace, account: String) {
    (stateDirectory, catalogDisplayPath, namespace) = (other.stateDirectory, other.catalogDisplayPath, other.namespace)
    (environment, console, device, sharedKeys) = (other.environment, other.console, other.device, other.sharedKeys)
    self.account = account
  }

  /// Where the catalog is.
  package var catalogPath: String { environment.resolve(catalogDisplayPath) }

  /// The state folder as given (`--state`), else `$IAP_STATE`, else `.iap`, resolved: where
  /// the state's own store is and its namespaces are.
  package static func statePath(_ state: String?, environment: Environment) -> String {
    environment.resolve(state ?? environment.variable("IAP_STATE") ?? ".iap")
  }

  /// Resolves a path argument against the working directory.
  package func resolve(_ path: String) -> String { environment.resolve(path) }

  /// Which of account and device is not a usable name, if any.
  package func invalidName() -> (option: String, value: String, problem: String)? {
    for (option, name) in [("account", account), ("device", device)] where !Self.isUsableName(name) {
      return (option, name, "expected 1-128 printable characters")
    }
    if let namespace, let problem = Namespace.problem(namespace) { return ("namespace", namespace, problem) }
    return nil
  }

  /// Whether `name` can name an account or a device: 1-128 printable characters.
  package static func isUsableName(_ name: String) -> Bool {
    !name.isEmpty && name.count <= 128 && name.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
  }

  /// A store for this account and device over `session`'s state.
  package func store(_ session: StateSession) -> Store {
    Store(state: session.state, account: account, device: device)
  }
}

/// A use case's view of the state: the locked session, a store over it with the time run up
/// to `now`, the clock, and the settings in force.
package struct OpenedStore {
  package let session: StateSession
  package var store: Store
  package let now: Timestamp
  package let clock: StoreClock
  /// The settings: built-in defaults, the catalog's, what `settings set` stored.
  package let settings: StoreSettings
  /// The catalog as read before the lock was taken (the cache's header, or the whole catalog
  /// when there was no usable cache): what signing may consult under the lock.
  package var catalogFields: Catalog?

  package init(session: StateSession, store: Store, now: Timestamp, clock: StoreClock, settings: StoreSettings) {
    self.session = session
    self.store = store
    self.now = now
    self.clock = clock
    self.settings = settings
  }

  /// Commits what the store recorded since it was opened.
  package func commit() throws(IAPError) {
    try IAPError.ofState(session.commit(store.changes, state: store.state))
  }
}
