import IAPCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open, locked state folder: the loaded `StoreState` and the means to commit changes.
///
/// The lock is held until the session is released, so a command's read-modify-write is one
/// atomic step with respect to every other `iap` process on the same folder.
public final class StateSession {
  public let directory: StateDirectory
  /// The store as of the last committed command.
  public private(set) var state = StoreState()
  private let lock: Int32?
  private let writable: Bool
  /// Every transaction version and store event.
  private var transactions: AppendLog
  /// Every server notification sent.
  private var notifications: AppendLog
  /// How much of each log `store.json` covers, and whether there is one.
  private var snapshotOffsets = SnapshotCodec.Offsets()
  private var hasSnapshot = false
  /// `settings.json`, once read: a command asks for it several times (its settings, the
  /// notification URL, the signing secret) and it cannot change while the lock is held.
  private var overrides: [String: String]?
  /// Where problems after a commit point go (they cannot fail a command that has stored its
  /// change): the workspace points it at its console.
  public var warn: (String) -> Void = { _ in }

  /// How far the logs may run ahead of `store.json` before a commit rewrites it.
  ///
  /// The logs are the record: a command reports success once its records are fsynced there.
  /// `store.json` is their fold up to a point, and replacing it costs a write, an fsync, a
  /// rename and an fsync of the folder, more than the rest of a purchase. So it is rewritten
  /// once the logs have grown this far past it, and every load replays the difference (a
  /// few dozen records, well under a millisecond), exactly as it replays what a crash left.
  static let snapshotInterval = 8 << 10

  init(directory: StateDirectory, lock: Int32?, writable: Bool) {
    self.directory = directory
    self.lock = lock
    self.writable = writable
    transactions = AppendLog(path: directory.logPath)
    notifications = AppendLog(path: directory.notificationsPath)
  }

  deinit {
    transactions.close()
    notifications.close()
    if let lock { close(lock) }
  }

  /// Reads the snapshot and replays whatever the logs hold beyond it.
  func load() throws(IAPError) {
    let snapshotPath = directory.snapshotPath
    var offsets = SnapshotCodec.Offsets()
    do {
      if let bytes = try POSIXFile.readIfExists(snapshotPath) {
        let json: JSONValue
        do { json = try JSONParser.parse(bytes) } catch {
          throw IAPError.stateUnreadable(path: snapshotPath, reason: "invalid JSON at byte \(error.offset): \(error.reason)")
        }
        hasSnapshot = true
        do { (state, offsets) = try SnapshotCodec.decode(json) } catch {
          throw IAPError.stateUnreadable(path: snapshotPath, reason: "bad or missing '\(error.field)'")
        }
      }
    } catch let error as IAPError {
      throw error
    } catch {
      throw .stateUnreadable(path: snapshotPath, reason: "\(error)")
    }
    snapshotOffsets = offsets
    try transactions.open(writable: writable, covered: offsets.transactions)
    try notifications.open(writable: writable, covered: offsets.notifications)
    // A crash between the logs' appends and the snapshot's rename left records the snapshot
    // does not cover yet: fold them in.
    transactions.cover(try transactions.scan(from: offsets.transactions, decode: LogRecordCodec.decode) { state.apply($0); return true })
    // Notifications of a commit that did not reach its commit point (the transaction log never
    // got to the length they name) are not sent: the scan stops there, and the next append
    // cuts them off like a torn line.
    let logLength = transactions.validEnd
    let committed = { (json: JSONValue) throws(RecordError) -> (Bool, ServerNotification) in
      (NotificationRecord.requiredLogLength(json) <= logLength, try NotificationRecord.decode(json))
    }
    notifications.cover(
      try notifications.scan(from: offsets.notifications, decode: committed) { (isCommitted, notification) in
        guard isCommitted else { return false }
        state.apply(.notification(notification))
        return true
      })
  }

  /// The store's history: the latest version of every transaction not deleted or cleared,
  /// by id. Holds them all in memory: `latestVersions()` is the way through a long history.
  public func history() throws(IAPError) -> [Transaction] {
    var result: [Transaction] = []
    try latestVersions().forEach { result.append($0) }
    return result
  }

  /// An index of the latest version of every transaction, to read them one at a time.
  public func latestVersions() throws(IAPError) -> TransactionLogIndex {
    try TransactionLogIndex(fd: transactions.fd, path: transactions.path, end: transactions.validEnd)
  }

  /// The latest version of transaction `id` of `account`, if history has it.
  public func transaction(_ id: UInt64, account: String) throws(IAPError) -> Transaction? {
    try history().first { $0.id == id && $0.account == account }
  }

  /// Every notification sent, oldest first.
  public func sentNotifications() throws(IAPError) -> [ServerNotification] {
    var all: [ServerNotification] = []
    try notifications.scan(from: 0, to: notifications.validEnd, decode: NotificationRecord.decode) { all.append($0); return true }
    return all
  }

  /// Makes `changes` durable and `state` the new state: append the records to their logs and
  /// fsync, then, every `snapshotInterval` bytes of log, replace the snapshot atomically. Logs
  /// ahead of the snapshot, whether by design or by a crash, are replayed on load.
  public func commit(_ changes: [LogRecord], state newState: StoreState) throws(IAPError) {
    precondition(writable, "commit on a read-only state session")
    guard !changes.isEmpty else { return }
    var log = ""
    var notices: [ServerNotification] = []
    for change in changes {
      if case let .notification(notification) = change {
        notices.append(notification)
      } else {
        log += JSONWriter.compact(LogRecordCodec.encode(change)) + "\n"
      }
    }
    let logLength = transactions.validEnd + log.utf8.count
    let sent = notices.map { JSONWriter.compact(NotificationRecord.encode($0, after: logLength)) + "\n" }.joined()
    let notificationsEnd = notifications.validEnd
    // Before the commit point: a failure stores nothing (what was written is taken back, and
    // notifications that name a log length never reached are ignored on load anyway).
    do throws(POSIXFileError) {
      if transactions.validEnd == 0 { try ensureSigningSecret() }
      // Notifications are written before the records they report, but fsynced only when
      // nothing else in the commit is, or before a snapshot counts them (a snapshot must never
      // cover bytes a power cut could take back). So a purchase costs one fsync; what a power
      // cut (not a crash: the kernel keeps written pages) can lose is the last notifications
      // of purchases that are themselves kept.
      try notifications.append(Array(sent.utf8), directory: directory.path, sync: log.isEmpty)
      // The commit point: the transaction records appended and fsynced.
      try transactions.append(Array(log.utf8), directory: directory.path)
    } catch {
      notifications.rollBack(to: notificationsEnd)
      throw .stateUnwritable(path: directory.path, reason: error.description)
    }
    state = newState
    // After the commit point nothing may fail the command: the snapshot is only a shortcut
    // (the next load replays the log past it), so a failure to rewrite it is a warning.
    let offsets = SnapshotCodec.Offsets(transactions: transactions.validEnd, notifications: notifications.validEnd)
    let behind = offsets.transactions - snapshotOffsets.transactions + offsets.notifications - snapshotOffsets.notifications
    guard !hasSnapshot || behind >= Self.snapshotInterval else { return }
    do throws(POSIXFileError) {
      try notifications.sync()
      let snapshot = JSONWriter.compact(SnapshotCodec.encode(newState, offsets: offsets)) + "\n"
      try POSIXFile.replaceAtomically(directory.snapshotPath, with: Array(snapshot.utf8), directory: directory.path)
      snapshotOffsets = offsets
      hasSnapshot = true
    } catch {
      warn("the change is stored, but store.json could not be rewritten (\(error)); the next command replays the log")
    }
  }
}

// MARK: - Settings

public extension StateSession {
  /// What `iap settings set` stored: setting name → normalized value.
  func settingsOverrides() throws(IAPError) -> [String: String] {
    if let overrides { return overrides }
    let read = try readSettingsOverrides()
    overrides = read
    return read
  }

  private func readSettingsOverrides() throws(IAPError) -> [String: String] {
    let path = directory.settingsPath
    let bytes: [UInt8]
    do {
      guard let read = try POSIXFile.readIfExists(path) else { return [:] }
      bytes = read
    } catch {
      throw .stateUnreadable(path: path, reason: error.description)
    }
    guard let json = try? JSONParser.parse(bytes), let members = json.objectValue else {
      throw .stateUnreadable(path: path, reason: "expected a JSON object of setting names to values")
    }
    var overrides: [String: String] = [:]
    for (key, value) in members {
      guard let text = value.stringValue, let normalized = try? StoreSettings.normalize(key: key, value: text) else {
        throw .stateUnreadable(path: path, reason: "bad value for '\(key)'")
      }
      overrides[key] = normalized
    }
    return overrides
  }

  /// Replaces the stored settings atomically; an empty set removes the file.
  func saveSettings(_ overrides: [String: String]) throws(IAPError) {
    precondition(writable, "saveSettings on a read-only state session")
    let path = directory.settingsPath
    let json = JSONValue.object(overrides.keys.sorted().map { ($0, .string(overrides[$0]!)) })
    do {
      try POSIXFile.replaceAtomically(path, with: Array((JSONWriter.pretty(json) + "\n").utf8), directory: directory.path)
    } catch {
      throw .stateUnwritable(path: directory.path, reason: error.description)
    }
    self.overrides = overrides
  }
}

// MARK: - Clock

public extension StateSession {
  /// The store's clock: simulated when `clock.json` says so, real otherwise.
  func clock() throws(IAPError) -> StoreClock {
    let path = directory.clockPath
    let bytes: [UInt8]
    do {
      guard let read = try POSIXFile.readIfExists(path) else { return .real }
      bytes = read
    } catch {
      throw .stateUnreadable(path: path, reason: error.description)
    }
    guard let json = try? JSONParser.parse(bytes), let mode = json["mode"]?.stringValue else {
      throw .stateUnreadable(path: path, reason: "expected {\"mode\": \"real\"|\"simulated\", \"now\": ms}")
    }
    switch mode {
    case "real": return .real
    case "simulated":
      guard let ms = json["now"]?.intValue, Timestamp.supportedRange.contains(Timestamp(milliseconds: ms)) else {
        throw .stateUnreadable(path: path, reason: "bad or missing 'now' (a date in the years 0000 to 9999)")
      }
      return .simulated(Timestamp(milliseconds: ms))
    default:
      throw .stateUnreadable(path: path, reason: "unknown mode '\(mode)'")
    }
  }

  /// Stores the clock atomically.
  func saveClock(_ clock: StoreClock) throws(IAPError) {
    precondition(writable, "saveClock on a read-only state session")
    let json: JSONValue
    switch clock {
    case .real: json = .object([("mode", .string("real"))])
    case let .simulated(t): json = .object([("mode", .string("simulated")), ("now", .int(t.milliseconds)), ("iso", .string(t.iso8601))])
    }
    do {
      try POSIXFile.replaceAtomically(directory.clockPath, with: Array((JSONWriter.compact(json) + "\n").utf8), directory: directory.path)
    } catch {
      throw .stateUnwritable(path: directory.path, reason: error.description)
    }
  }
}

// MARK: - Signing secret

public extension StateSession {
  /// The secret this state signs with, made (32 random bytes, hex) on the first write so that
  /// every state folder has its own; nil before anything was written.
  func signingSecret() throws(IAPError) -> String? {
    do {
      guard let bytes = try POSIXFile.readIfExists(directory.secretPath) else { return nil }
      return String(decoding: bytes, as: UTF8.self).trimmingWhitespace
    } catch {
      throw .stateUnreadable(path: directory.secretPath, reason: error.description)
    }
  }

  /// The state's secret, made now if this session may write and there is none yet.
  func signingSecretCreatingIfNeeded() throws(IAPError) -> String? {
    if writable {
      do { try ensureSigningSecret() } catch { throw .stateUnwritable(path: directory.path, reason: error.description) }
    }
    return try signingSecret()
  }

  /// Makes the secret if the state has none yet.
  func ensureSigningSecret() throws(POSIXFileError) {
    guard !POSIXFile.exists(directory.secretPath) else { return }
    var generator = SystemRandomNumberGenerator()
    let hex = (0..<32).map { _ in
      let byte = UInt8.random(in: 0...255, using: &generator)
      return (byte < 16 ? "0" : "") + String(byte, radix: 16)
    }.joined()
    try POSIXFile.replaceAtomically(directory.secretPath, with: Array((hex + "\n").utf8), directory: directory.path)
  }
}

public extension String {
  /// Without leading and trailing spaces and newlines.
  var trimmingWhitespace: String {
    var scalars = Substring(self)
    while let first = scalars.first, first == " " || first == "\n" || first == "\r" || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\n" || last == "\r" || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}
