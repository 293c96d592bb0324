import Foundation
import StoreKit

/// Apple's `SKTestSession`: the controls of the StoreKit test environment, over a store of
/// `iap serve` (docs/control-api.md) that sells the session's configuration file.
///
/// Unlike Apple's single environment, each session is a store of its own: a namespace of the
/// server made for it and deleted when the session is deinitialized, so sessions of tests that
/// run at once never see each other's transactions or settings. A session made inside a
/// test's store (the `.iapStore` trait, `withStore`) controls that store instead, and leaves
/// it to the test.
///
/// The code under test calls StoreKit's static APIs (`Product.products(for:)`,
/// `Transaction.updates`), which name no store: they reach the store of their task
/// (`.iapStore`, `withStore`), else the latest session made in the process, which is what
/// Apple's single environment amounts to for tests that run one at a time (XCTest). Tests that
/// run at once (Swift Testing's default) each need `.iapStore`, or sessions would take the
/// process's store from one another.
///
/// Apple's methods are synchronous: each one here sends its request and blocks the calling
/// thread until the store answers, as briefly as one request to a local server takes. A test
/// may block its thread so; the store answers on threads of its own, never on Swift's
/// cooperative pool, so a blocked test never holds up the answer.
public final class SKTestSession: Sendable {
  /// The store this session controls.
  let connection: StoreConnection
  /// The namespace this session made, deleted with it; nil when it controls its task's store.
  private let namespace: TestNamespace?
  /// What the session keeps itself: the store has no setting for it.
  let local: LocalSettings

  /// A session selling the configuration file `filename` (`Products` or `Products.storekit`)
  /// of the test target's resources, as Xcode finds it in the test bundle.
  ///
  /// SwiftPM copies a test target's resources (`resources: [.copy("Resources")]` or
  /// `.process(…)`) into a bundle that only the test target can name (`Bundle.module`), so the
  /// file is looked for, the first one found being used: in the loaded bundles
  /// (`Bundle.allBundles`, not their subfolders); in the resource bundles inside and beside
  /// them (`*.resources` on Linux, `*.bundle` on macOS, subfolders included, by name); then in
  /// the working folder and under its `Tests` folder. Two test targets should not bring two
  /// different files of one name; `init(contentsOf:)` takes `Bundle.module`'s own.
  ///
  /// - Throws: `SKTestError.fileNotFound`, naming the folders searched, when it is in none of
  ///   them; `invalidURL` when the store refuses its contents; `serviceUnavailable` when the
  ///   store cannot be reached.
  public convenience init(configurationFileNamed filename: String) throws {
    try self.init(file: try ConfigurationFile.named(filename))
  }

  /// A session selling the `.storekit` file at `fileURL`: `SKTestError.invalidURL` unless it
  /// is a file URL of a `.storekit` file the store accepts, `fileNotFound` unless it can be
  /// read.
  public convenience init(contentsOf fileURL: URL) throws {
    try self.init(file: try ConfigurationFile(contentsOf: fileURL))
  }

  /// Gives the task's store (the `.iapStore` trait's, `withStore`'s) the file's catalog, or
  /// makes a namespace selling it and makes that the process's store.
  private init(file: ConfigurationFile) throws(SKTestError) {
    local = LocalSettings(disableDialogs: file.disablesDialogs)
    if let current = StoreContext.current {
      connection = current
      namespace = nil
      try TestNamespace(adopting: current).sell(file)
    } else {
      let made = try TestNamespace()
      let superseded = SessionFailure.isInSwiftTestingTest ? nil : SupersededSessions.shared
      try made.sell(file, makingRoomWith: superseded)
      superseded?.add(made)
      namespace = made
      connection = made.connection
      StoreContext.session.set(connection)
    }
  }

  /// Deletes the session's namespace (blocking while the store answers), and stops it being the
  /// process's store if it still is.
  deinit {
    guard let namespace else { return }
    StoreContext.session.clear(ifStill: connection)
    SupersededSessions.shared.remove(namespace)
    namespace.delete()
  }
}

/// What a session keeps on its side: `disableDialogs`, which no store setting holds (iap shows
/// no dialogs), and `failureError` while `failTransactionsEnabled` is off (the store's
/// `fail-purchase` setting holds it only while on).
final class LocalSettings: @unchecked Sendable {
  private let lock = NSLock()
  private var dialogs: Bool
  private var failure = SKError.Code.unknown
  /// The configuration file's `_disableDialogs`, what `resetToDefaultState()` goes back to.
  let defaultDisableDialogs: Bool

  init(disableDialogs: Bool) {
    dialogs = disableDialogs
    defaultDisableDialogs = disableDialogs
  }

  var disableDialogs: Bool {
    get { lock.withLock { dialogs } }
    set { lock.withLock { dialogs = newValue } }
  }

  /// The code purchases fail with when `failTransactionsEnabled` is turned on.
  var failureError: SKError.Code {
    get { lock.withLock { failure } }
    set { lock.withLock { failure = newValue } }
  }
}
