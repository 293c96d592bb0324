/// What a running command may use: the console, the environment, the global options, and
/// on-demand access to the catalog and the state folder.
///
/// Nothing is loaded up front: a command that needs no catalog never reads one.
public final class CommandContext {
  public let console: Console
  public let environment: Environment
  public let globals: GlobalOptions

  public init(console: Console, environment: Environment, globals: GlobalOptions) {
    self.console = console
    self.environment = environment
    self.globals = globals
  }

  /// The account whose purchase history commands act on.
  public var account: String { "default" }
  /// The device whose payment queue commands act on.
  public var device: String { "default" }

  /// The catalog path as the user gave it (for messages).
  public var catalogDisplayPath: String {
    globals.catalog ?? environment.variable("IAP_CATALOG") ?? "catalog.plist"
  }

  /// The state folder.
  public var stateDirectory: StateDirectory {
    let path = globals.state ?? environment.variable("IAP_STATE") ?? ".iap"
    return StateDirectory(path: environment.resolve(path))
  }

  /// The current time.
  public var now: Timestamp { environment.now() }

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
