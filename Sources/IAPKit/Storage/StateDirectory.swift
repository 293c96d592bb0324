import IAPCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
///   transaction log; `deliveries.json`: how many of them reached the notification URL.
/// - `settings.json`: what `iap settings set` changed, over the catalog's defaults.
/// - `clock.json`: the simulated clock, when `iap clock` set one.
/// - `secret`: what receipts and signed data are signed with, unless a setting names one.
/// - `catalog-*.cache`: compiled catalogs (`CatalogCache`).
/// - `damaged`: where a command met a damaged log record; every command refuses until
///   `salvage` (the doctor's repair) removes it.
/// - `downloads/<productId>/`: complete hosted content; `downloading/`: downloads in
///   progress, their status files and locks (`DownloadsFolder`).
/// - `lock`: `flock`ed, shared by readers and exclusive for writers, so parallel invocations
///   serialize. It is never deleted, not even by `reset`, so every process locks the same file.
///   `delivery.lock` likewise, for notification delivery rounds, which post outside `lock`.
public struct StateDirectory: Sendable {
  /// The folder, as the user named it (used in messages).
  public let path: String

  public init(path: String) { self.path = path }

  var snapshotPath: String { path + "/store.json" }
  var logPath: String { path + "/transactions.log" }
  var lockPath: String { path + "/lock" }
  var settingsPath: String { path + "/settings.json" }
  var clockPath: String { path + "/clock.json" }
  var secretPath: String { path + "/secret" }
  var notificationsPath: String { path + "/notifications.log" }
  var deliveriesPath: String { path + "/deliveries.json" }
  var deliveryLockPath: String { path + "/delivery.lock" }
  var damagePath: String { path + "/damaged" }

  /// Opens the state under a lock and loads it. A reader on a folder that does not exist yet
  /// gets the empty store and creates nothing.
  ///
  /// - Parameter despiteDamage: open even when a damaged record was found earlier (what the
  ///   doctor does); otherwise that damage is the answer, before anything is read or written.
  public func open(forWriting: Bool, despiteDamage: Bool = false) throws(IAPError) -> StateSession {
    try checkFolder()
    if !despiteDamage, let damage = recordedDamage() { throw damage }
    if !forWriting && !POSIXFile.exists(path) { return StateSession(directory: self, lock: nil, writable: false) }
    if forWriting {
      do { try POSIXFile.makeDirectory(path) } catch { throw .stateUnwritable(path: path, reason: error.description) }
    }
    let lock = try acquireLock(exclusive: forWriting)
    let session = StateSession(directory: self, lock: lock, writable: forWriting)
    try session.load()
    return session
  }

  /// Remembers that a log holds a damaged record, so that every later command refuses at once
  /// (rather than appending to a log whose middle is bad) until the doctor repairs it. Best
  /// effort: the damage is found again by whoever reads that record.
  func recordDamage(_ error: IAPError) {
    guard case let .stateDamaged(file, offset, reason) = error, POSIXFile.exists(path) else { return }
    let json = JSONValue.object([("path", .string(file)), ("offset", .int(Int64(offset))), ("reason", .string(reason))])
    try? POSIXFile.replaceAtomically(damagePath, with: Array((JSONWriter.compact(json) + "\n").utf8), directory: path)
  }

  /// The damage recorded by `recordDamage`, if any.
  func recordedDamage() -> IAPError? {
    guard let bytes = try? POSIXFile.readIfExists(damagePath) else { return nil }
    let json = try? JSONParser.parse(bytes)
    return .stateDamaged(
      path: json?["path"]?.stringValue ?? damagePath, offset: Int(clamping: json?["offset"]?.intValue ?? 0),
      reason: json?["reason"]?.stringValue ?? "recorded in \(damagePath)")
  }

  /// Refuses a state folder that is a symbolic link or belongs to someone else (a missing one
  /// is fine: writers create it), and likewise the folders it keeps hosted content in.
  func checkFolder() throws(IAPError) {
    for folder in [path, path + "/downloads", path + "/downloading"] {
      if let problem = POSIXFile.folderProblem(folder) { throw .stateUnwritable(path: path, reason: problem) }
    }
  }

  func acquireLock(exclusive: Bool) throws(IAPError) -> Int32? {
    let fd: Int32
    do {
      fd = try POSIXFile.open(lockPath, O_RDWR | O_CREAT)
    } catch {
      // A reader of a read-only folder still gets a consistent view: the snapshot is only
      // ever replaced by rename, and a torn log tail is ignored.
      if !exclusive { return nil }
      throw .stateUnwritable(path: path, reason: error.description)
    }
    while flock(fd, exclusive ? LOCK_EX : LOCK_SH) != 0 {
      if errno == EINTR { continue }
      let reason = POSIXFileError(path: lockPath, operation: "flock", code: errno).description
      close(fd)
      throw .stateUnwritable(path: path, reason: reason)
    }
    return fd
  }

  /// Takes the delivery lock (`delivery.lock`, `flock`ed exclusively), which one process's
  /// delivery round holds while it posts, outside the state's lock. Nil when the folder
  /// cannot hold the file, or when another round is under way and `wait` is false.
  ///
  /// - Parameter wait: whether to wait for another process's round (at most its deadline).
  func deliveryLock(wait: Bool) -> Int32? {
    guard let fd = try? POSIXFile.open(deliveryLockPath, O_RDWR | O_CREAT) else { return nil }
    while flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0 {
      if errno == EINTR { continue }
      close(fd)
      return nil
    }
    return fd
  }

  /// Removes everything in the folder but the lock files, under the exclusive lock.
  public func reset() throws(IAPError) {
    try checkFolder()
    guard POSIXFile.exists(path) else { return }
    let lock = try acquireLock(exclusive: true)
    defer { if let lock { close(lock) } }
    let names: [String]
    do { names = try POSIXFile.directoryEntries(path).filter { $0 != "lock" && $0 != "delivery.lock" } } catch {
      throw .stateUnwritable(path: path, reason: error.description)
    }
    for name in names {
      do { try POSIXFile.removeTree(path + "/" + name) } catch {
        throw .stateUnwritable(path: path, reason: error.description)
      }
    }
    do { try POSIXFile.syncDirectory(path) } catch { throw .stateUnwritable(path: path, reason: error.description) }
  }
}
