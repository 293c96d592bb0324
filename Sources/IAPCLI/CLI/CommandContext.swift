import IAPCore
import IAPKit

/// What a running command may use: the console, the environment, the global options, and
/// on-demand access to the catalog and the state folder.
///
/// Nothing is loaded up front: a command that needs no catalog never reads one.
public final class CommandContext {
  public let console: Console
  public let environment: Environment
  public let globals: GlobalOptions

  /// Where notifications go, when the command opened a state that names a URL.
  private var deliveryURL: String?

  public init(console: Console, environment: Environment, globals: GlobalOptions) {
    self.console = console
    self.environment = environment
    self.globals = globals
  }

  /// The sandbox tester whose purchase history commands act on.
  public var account: String { globals.account ?? environment.variable("IAP_ACCOUNT") ?? "default" }
  /// The device whose payment queue commands act on.
  public var device: String { globals.device ?? environment.variable("IAP_DEVICE") ?? "default" }

  /// Checks the account and device names once, before the command at `path` uses them.
  func validateNames(for path: [String]) throws(IAPError) {
    for (option, name) in [("account", account), ("device", device)] {
      let ok = !name.isEmpty && name.count <= 128 && name.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
      if !ok {
        let shown = JSONWriter.compact(.string(String(name.prefix(40))))
        throw .usage("invalid value for '--\(option) <name>': expected 1-128 printable characters, got \(shown)", command: path)
      }
    }
  }

  /// A store for this account and device over `session`'s state.
  public func store(_ session: StateSession) -> Store {
    Store(state: session.state, account: account, device: device)
  }

  /// The state, opened for this command, with the store's time run up to now: renewals,
  /// expiries and billing events that the clock has passed are made (and committed) first,
  /// under the exclusive lock, as the App Store would have made them meanwhile.
  ///
  /// - Parameter catalog: the catalog, when the command has loaded it; the settings then come
  ///   with it, and the store's subscription rules are set from them.
  public func openStore(forWriting: Bool, catalog: Catalog? = nil) throws(IAPError) -> OpenedStore {
    var session: StateSession? = try stateDirectory.open(forWriting: forWriting)
    var clock = try session!.clock()
    var now = clock.now(real: environment.now())
    if Store(state: session!.state, account: account, device: device).hasDueSubscriptionEvents(at: now) {
      if !forWriting {
        // Release the shared lock before taking the exclusive one: both are this process's.
        session = nil
        session = try stateDirectory.open(forWriting: true)
        clock = try session!.clock()
        now = clock.now(real: environment.now())
      }
      var catchUp = store(session!)
      let settings: StoreSettings
      if let catalog {
        settings = try self.settings(catalog: catalog, session: session!)
      } else {
        settings = try settingsWithoutProducts(session!)
      }
      catchUp.rules = settings.subscriptionRules(clock: clock)
      catchUp.advance(to: now)
      try session!.commit(catchUp.changes, state: catchUp.state)
    }
    var opened = store(session!)
    if let url = try session!.settingsOverrides()["notification-url"], url != "off" { deliveryURL = url }
    var settings: StoreSettings?
    if let catalog {
      settings = try self.settings(catalog: catalog, session: session!)
      opened.rules = settings!.subscriptionRules(clock: clock)
    }
    return OpenedStore(session: session!, store: opened, now: now, clock: clock, settings: settings)
  }

  /// The store's settings: built-in defaults, the catalog's, and what `iap settings set` stored.
  public func settings(catalog: Catalog, session: StateSession) throws(IAPError) -> StoreSettings {
    StoreSettings(
      storefront: catalog.storefront, locale: catalog.locale, catalogSettings: catalog.settings.pairs,
      overrides: try session.settingsOverrides())
  }

  /// The catalog path as the user gave it (for messages).
  public var catalogDisplayPath: String {
    globals.catalog ?? environment.variable("IAP_CATALOG") ?? "catalog.plist"
  }

  /// The state folder.
  public var stateDirectory: StateDirectory {
    let path = globals.state ?? environment.variable("IAP_STATE") ?? ".iap"
    return StateDirectory(path: environment.resolve(path))
  }


  /// The settings, for a command that does not otherwise need the catalog: the catalog's
  /// defaults count when it can be read, and a missing or broken catalog is left for the
  /// commands that need products to report.
  public func settingsWithoutProducts(_ session: StateSession) throws(IAPError) -> StoreSettings {
    let catalog = catalogFieldsQuietly()
    return StoreSettings(
      storefront: catalog?.storefront ?? "USA", locale: catalog?.locale ?? "en_US",
      catalogSettings: catalog?.settings.pairs ?? [], overrides: try session.settingsOverrides())
  }

  /// The signer for `--json` output (nil without `--json`): the key is `$IAP_SIGNING_SECRET`,
  /// else the `signing-secret` setting, else the state's own secret.
  public func signer(_ opened: OpenedStore) throws(IAPError) -> Signer? {
    guard globals.json else { return nil }
    return try makeSigner(opened.session, now: opened.now)
  }

  /// The signer, whether or not the output is JSON (receipts and notifications need one).
  public func makeSigner(_ session: StateSession, now: Timestamp) throws(IAPError) -> Signer {
    let overrides = try session.settingsOverrides()
    let stored = try session.signingSecretCreatingIfNeeded()
    let secret = environment.variable("IAP_SIGNING_SECRET")
      ?? overrides["signing-secret"].flatMap { $0 == "off" ? nil : $0 }
      ?? stored
      ?? "iap-unsigned-empty-state"
    return Signer(key: Array(secret.utf8), environment: overrides["environment"] ?? "LocalTesting", signedDate: now)
  }

  /// After the command: POSTs pending notifications to the `notification-url`, if one is
  /// set. A failure is reported, never fatal: what is pending is retried next time.
  func deliverNotifications() {
    guard let url = deliveryURL else { return }
    do {
      let session = try stateDirectory.open(forWriting: true)
      let now = try session.clock().now(real: environment.now())
      let round = try NotificationCourier.deliver(session, to: url, signer: try makeSigner(session, now: now))
      if let failure = round.failure {
        console.warning("notifications: \(url) failed (\(failure)); \(round.pending) pending, retried at the next command")
      }
    } catch {
      console.warning("notifications: \(error.messages.joined(separator: "; "))")
    }
  }

  /// Loads and validates the catalog, printing its warnings to stderr.
  public func loadCatalog() throws(IAPError) -> Catalog {
    let display = catalogDisplayPath
    let loaded = try CatalogLoader.load(path: environment.resolve(display), displayPath: display)
    for warning in loaded.warnings { console.warning(warning) }
    return loaded.catalog
  }

  /// Resolves a path argument against the working directory.
  public func resolve(_ path: String) -> String { environment.resolve(path) }
}

/// A command's view of the state: the locked session, a store over it with the time run up to
/// `now`, and the clock.
public struct OpenedStore {
  public let session: StateSession
  public var store: Store
  public let now: Timestamp
  public let clock: StoreClock
  /// The settings, when the store was opened with a catalog.
  public let settings: StoreSettings?
}
