import IAPCatalog
import IAPCore
import IAPCrypto
import IAPStorage
import IAPSystem

/// What a namespace made in one call starts with: its settings, its clock and its catalog.
package struct NamespaceSetup: Sendable {
  /// Settings stored before anything is signed (`environment`, `app-apple-id`,
  /// `notification-url`), each checked already.
  package var settings: [SettingChange] = []
  /// Where the namespace's clock starts, when not at the machine's time.
  package var clock: ClockDestination?
  /// A catalog of its own (a `.storekit` configuration or a catalog plist), as a path.
  package var catalogFile: String?

  /// Nothing set: the state's defaults, the machine's clock, the server's catalog.
  package init() {}
}

/// What a test needs of a namespace made in one call: where it is, what verifies its signed
/// values and a key for Apple's client.
package struct CreatedNamespace: Sendable {
  /// The namespace's name, which `/ns/{name}` and `--namespace` reach it by.
  package var name: String
  /// The environment its signed values name.
  package var environment: AppStoreEnvironment
  /// The catalog's bundle id, which Apple's client and verifier are made with.
  package var bundleId: String
  /// The app's Apple ID, when set (Apple's verifier needs it in Production).
  package var appAppleId: Int64?
  /// The root certificate its signing chain leads to, as PEM.
  package var rootCertificatePEM: String
  /// A key for Apple's client: the namespace's own, or the server's shared one.
  package var key: CreatedKey
}

extension Workspace {
  /// Use case: makes this namespace, which must not exist yet (`namespaceExists`: what an
  /// existing one holds is never reset by a creation), with `setup` applied, and answers what
  /// a test needs of it. Everything given is checked before the namespace is kept: when a
  /// step fails (a catalog that does not load, Production without `app-apple-id`) the
  /// namespace is deleted again and the error thrown.
  package func createNamespace(_ setup: NamespaceSetup) throws(IAPError) -> CreatedNamespace {
    guard let name = namespace else { throw .invalidRequest("namespace create needs a namespace name") }
    var catalog: (name: String, contents: [UInt8])?
    if let path = setup.catalogFile {
      let bytes: [UInt8]?
      do { bytes = try InputFile.read(resolve(path)) } catch { throw .catalog(error.inputError(path: path)) }
      guard let bytes else { throw .catalog(.inputMissing(path: path)) }
      catalog = (String(path.split(separator: "/").last ?? Substring(path)), bytes)
    }
    guard !POSIXFile.exists(stateDirectory.path) else { throw .refused(.namespaceExists(name)) }
    _ = try IAPError.ofState(stateDirectory.folder(create: true))
    do {
      return try setUp(name, setup, catalog: catalog)
    } catch {
      try? stateDirectory.deleteNamespace()
      throw error
    }
  }

  /// Applies `setup` to the namespace just made and reads back what the test needs.
  private func setUp(_ name: String, _ setup: NamespaceSetup, catalog: (name: String, contents: [UInt8])?) throws(IAPError) -> CreatedNamespace {
    if let catalog { _ = try useCatalog(named: catalog.name, contents: catalog.contents) }
    if !setup.settings.isEmpty {
      // One write for all of them: Production is checked with its app-apple-id beside it.
      let session = try IAPError.ofState(stateDirectory.open(forWriting: true))
      var overrides = try IAPError.ofState(session.settingsOverrides())
      for change in setup.settings { overrides[change.key] = change.value }
      try IAPError.ofState(session.saveSettings(overrides))
    }
    if let clock = setup.clock { _ = try moveClock(MoveClockRequest(destination: clock)) }
    var key = sharedKeys?.key
    if key == nil { key = try createKey(output: nil, writeFile: false) }
    // One opening for the rest: the signer refuses settings that cannot sign (Production
    // without app-apple-id) and its chain's root is the one the namespace's values lead to.
    let opened = try openStore(forWriting: true)
    let signer = try signer(opened)
    let root = SigningChain.cached(secret: signer.key).root
    var bundleId = opened.catalogFields?.bundleId
    if bundleId == nil { bundleId = try catalogFields().bundleId }
    return CreatedNamespace(
      name: name, environment: signer.environment, bundleId: bundleId!, appAppleId: opened.settings.appAppleId,
      rootCertificatePEM: PEM(label: PEM.Label.certificate, bytes: root).text, key: key!)
  }
}
