import IAPCore
import IAPFormats
import IAPSystem

/// The `--state` folder: where the store keeps what survives between processes.
///
/// Layout:
/// - `transactions.log`: every transaction version ever made, one JSON object a line,
///   append-only. Only `history` (and error messages) read all of it.
/// - `store.json`: the `StoreState` fold of the log and the log length it covers. Commands
///   read this small file; the logs beyond what it covers (up to
///   `StateSession.snapshotInterval`, as it is only rewritten that often, or what a crash
///   left between the writes) are replayed from the recorded lengths, so they never disagree.
/// - `notifications.log`: every App Store Server Notification sent, append-only, like the
///   transaction log; `deliveries.json`: how many of them, from the first, are settled
///   (reached the notification URL, or were given up on);
///   `attempts.log`: each attempt to post one, with its result (`SendAttemptLog`).
/// - `settings.json`: what `iap settings set` changed, over the catalog's defaults.
/// - `clock.json`: the simulated clock, when `iap clock` set one.
/// - `secret`: what receipts and signed data are signed with, unless a setting names one.
/// - `keys.json`: the state's issuer id and the public parts of its keys (`iap keys`), which
///   verify promotional offer signatures.
/// - `catalog-*.cache`: compiled catalogs (`CatalogCache`).
/// - `damaged`: where a command met a damaged log record; every command refuses until
///   `salvage` (the doctor's repair) removes it.
/// - `downloads/<productId>/`: complete hosted content; `downloading/`: downloads in
///   progress, their status files and locks (`DownloadsFolder`).
/// - `lock`: `flock`ed, shared by readers and exclusive for writers, so parallel invocations
///   serialize. It is never deleted, not even by `reset`, so every process locks the same file.
/// - `seal`: the logs' seal and the next transaction id, also kept in `lock` (`LogSeal`).
/// - `catalog.storekit` or `catalog.plist`: a namespace's own catalog, when it was given one.
/// - `iap-state`: the marker that iap made the folder (`StateDirectory+Ownership`).
///   `delivery.lock` likewise, for notification delivery rounds, which post outside `lock`.
package struct StateDirectory: Sendable {
  /// The folder, as the user named it (used in messages).
  package let path: String
  /// For a namespace's store, the state folder it is in and its name (`StateDirectory+Namespaces`);
  /// nil for a state's own.
  let namespace: (state: String, name: String)?

  /// The state folder whose store this is or whose namespaces hold it: where a namespace
  /// beside this one is made.
  package var statePath: String { namespace?.state ?? path }

  package init(path: String) {
    self.path = path
    namespace = nil
  }

  /// The names of its files.
  package enum Name {
    package static let snapshot = "store.json"
    package static let log = "transactions.log"
    package static let lock = "lock"
    static let settings = "settings.json"
    static let clock = "clock.json"
    static let secret = "secret"
    package static let keys = "keys.json"
    package static let notifications = "notifications.log"
    package static let deliveries = "deliveries.json"
    static let attempts = "attempts.log"
    package static let deliveryLock = "delivery.lock"
    static let damage = "damaged"
    /// Says the folder is an iap state: made when iap creates the folder (`reset` acts only
    /// on such folders; see `StateDirectory+Ownership`).
    static let marker = "iap-state"
    /// The logs' seal and the id high-water mark, kept with the logs (`LogSeal`).
    package static let seal = "seal"
    /// A namespace's own catalog, in either format (`Workspace.useCatalog`).
    package static let catalogs = ["catalog.storekit", "catalog.plist"]
  }

  var snapshotPath: String { path + "/" + Name.snapshot }
  package var logPath: String { path + "/" + Name.log }
  var lockPath: String { path + "/" + Name.lock }
  package var notificationsPath: String { path + "/" + Name.notifications }

  /// The folder itself, checked and open (see `Folder`), or nil when it does not exist and
  /// `create` is false; a namespace's is made, or refused past the limit, by
  /// `namespaceFolder(create:)`. `downloads` or `downloading` in it that are not real folders
  /// of the user's are refused here too, so that no command runs on a state that could send
  /// hosted content elsewhere.
  package func folder(create: Bool) throws(StateError) -> Folder? {
    guard let folder = try namespace == nil ? ownFolder(create: create) : namespaceFolder(create: create) else { return nil }
    for name in [DownloadsFolder.contentName, DownloadsFolder.workName] {
      if let problem = Self.subfolderProblem(name, in: folder) { throw .unwritable(path: path, reason: problem) }
    }
    return folder
  }

  /// A state's own folder, made (with its parents) and marked when `create` and missing.
  private func ownFolder(create: Bool) throws(StateError) -> Folder? {
    let folder: Folder?
    var made = false
    do {
      // An existing folder costs the one `open` it always did; only a new one is marked.
      var opened = try Folder.open(path, create: false)
      if opened == nil && create {
        opened = try Folder.open(path, create: true)
        made = opened != nil
      }
      folder = opened
    } catch {
      throw .unwritable(path: path, reason: error.description)
    }
    if made, let folder { Self.mark(folder) }
    return folder
  }

  /// Opens the state under a lock and loads it. A reader on a folder that does not exist yet
  /// gets the empty store and creates nothing.
  ///
  /// - Parameters:
  ///   - despiteDamage: open even when a damaged record was found earlier (what the doctor
  ///     does); otherwise that damage is the answer, before anything is read or written.
  ///   - cache: the server's last loaded state, taken when the files did not change since.
  package func open(forWriting: Bool, despiteDamage: Bool = false, cache: LoadedStateCache? = nil) throws(StateError) -> StateSession {
    guard let (folder, lock) = try lockedFolder(create: forWriting, exclusive: forWriting, despiteDamage: despiteDamage) else {
      return StateSession(directory: self, folder: nil, lock: nil, writable: false)
    }
    let session = StateSession(directory: self, folder: folder, lock: lock, writable: forWriting)
    session.cache = cache
    try session.load()
    return session
  }

  /// Opens the state under the shared lock for its settings alone, without loading the store
  /// (the session's `state` stays empty): for the use cases that show the catalog, not the
  /// store (`products list`, `products fetch`): reading the snapshot, the seal and the logs
  /// is not needed for them (docs/performance.md, "Shapes kept for start-up"). Recorded damage is still the answer,
  /// as for every command.
  package func openForSettings() throws(StateError) -> StateSession {
    guard let (folder, lock) = try lockedFolder(create: false, exclusive: false, despiteDamage: false) else {
      return StateSession(directory: self, folder: nil, lock: nil, writable: false)
    }
    return StateSession(directory: self, folder: folder, lock: lock, writable: false)
  }

  /// The folder (`folder(create:)`), its recorded damage checked unless `despiteDamage`, and
  /// its lock taken; nil when it does not exist and `create` is false.
  ///
  /// A namespace deleted after its folder was opened and before its lock was taken (the
  /// deletion held the lock meanwhile) is opened again by name: the request then acts on
  /// what stands there now, a namespace made afresh or none, as if it had come a moment later.
  func lockedFolder(create: Bool, exclusive: Bool, despiteDamage: Bool) throws(StateError) -> (Folder, Int32?)? {
    // Once is what a deletion costs; more means deletions one after the other, each taking
    // the lock before this request (which waits for the lock behind other requests): past a
    // few, it gives up rather than chase them.
    for _ in 0..<8 {
      guard let folder = try folder(create: create) else { return nil }
      if !despiteDamage, let damage = recordedDamage(in: folder) { throw damage }
      if case let .held(lock) = try lock(in: folder, exclusive: exclusive) { return (folder, lock) }
    }
    throw deletedWhileWaiting
  }

  /// Remembers that a log holds a damaged record, so that every later command refuses at once
  /// (rather than appending to a log whose middle is bad) until the doctor repairs it. Best
  /// effort: the damage is found again by whoever reads that record.
  func recordDamage(_ error: StateError, in folder: Folder) {
    guard case let .damaged(file, offset, reason) = error else { return }
    let json = JSONValue.object([("path", .string(file)), ("offset", .int(Int64(offset))), ("reason", .string(reason))])
    try? folder.replaceAtomically(Name.damage, with: Array((JSONWriter.compact(json) + "\n").utf8))
  }

  /// The damage recorded by `recordDamage`, if any.
  package func recordedDamage(in folder: Folder) -> StateError? {
    guard let bytes = try? folder.readIfExists(Name.damage) else { return nil }
    let json = try? JSONParser.parse(bytes)
    return .damaged(
      path: json?["path"]?.stringValue ?? damagePath, offset: Int(clamping: json?["offset"]?.intValue ?? 0),
      reason: json?["reason"]?.stringValue ?? "recorded in \(damagePath)")
  }

  private var damagePath: String { path + "/" + Name.damage }

  /// What is wrong with `name` in `folder` as one of iap's own folders: a link or something
  /// else in its place, or another user's. Nil when it is fine or not there.
  static func subfolderProblem(_ name: String, in folder: Folder) -> String? {
    do { _ = try folder.subfolder(name, create: false) } catch { return error.description }
    return nil
  }

  /// Takes the state's lock (`flock` on `lock`, made if missing), shared or exclusive. Nil for
  /// a reader when the file cannot be made (a read-only folder): readers still see a
  /// consistent state, as the snapshot is only ever replaced by rename and a torn log tail is
  /// ignored. A namespace deleted since `folder` was opened is refused (`namespaceBusy`):
  /// callers that can open it again by name use `lockedFolder`.
  package func acquireLock(in folder: Folder, exclusive: Bool) throws(StateError) -> Int32? {
    guard case let .held(fd) = try lock(in: folder, exclusive: exclusive) else { throw deletedWhileWaiting }
    return fd
  }

  /// What taking the lock of an open folder found.
  package enum LockOutcome {
    /// The lock, or nil for a reader in a folder that cannot hold its file.
    case held(Int32?)
    /// The folder is a namespace's that was deleted since it was opened: no lock is held.
    case folderDeleted
  }

  /// `acquireLock`, saying when the folder was a namespace's that was deleted since it was
  /// opened (see `lockFile(_:in:)` and `isUnlinked`).
  package func lock(in folder: Folder, exclusive: Bool) throws(StateError) -> LockOutcome {
    let fd: Int32
    do throws(POSIXFileError) {
      guard let opened = try lockFile(Name.lock, in: folder) else { return .folderDeleted }
      fd = opened
    } catch {
      if !exclusive && (error.errno == .permissionDenied || error.errno == .readOnlyFileSystem) { return .held(nil) }
      throw .unwritable(path: path, reason: error.description)
    }
    do { try FileLock.acquire(fd, exclusive ? .exclusive : .shared) } catch {
      let reason = POSIXFileError(path: lockPath, operation: "flock", errno: error).description
      POSIXFile.close(fd)
      throw .unwritable(path: path, reason: reason)
    }
    if namespace != nil && Self.isUnlinked(fd) {
      POSIXFile.close(fd)
      return .folderDeleted
    }
    return .held(fd)
  }

  /// Takes the delivery lock (`delivery.lock`, `flock`ed exclusively), which one process's
  /// delivery round holds while it posts, outside the state's lock. Nil when the folder
  /// cannot hold the file, when another round is under way and `wait` is false, or when the
  /// folder is a namespace's that was deleted meanwhile.
  ///
  /// - Parameter wait: whether to wait for another process's round (at most its deadline).
  package func deliveryLock(wait: Bool) -> Int32? {
    guard let folder = try? folder(create: false), let fd = try? lockFile(Name.deliveryLock, in: folder) else { return nil }
    do { try FileLock.acquire(fd, .exclusive, wait: wait) } catch {
      POSIXFile.close(fd)
      return nil
    }
    // A namespace deleted meanwhile has nothing left to deliver, and its round must not
    // make the namespace again by opening its store.
    if namespace != nil && Self.isUnlinked(fd) {
      POSIXFile.close(fd)
      return nil
    }
    return fd
  }
}
