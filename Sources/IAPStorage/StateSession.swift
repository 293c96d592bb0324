import IAPCore
import IAPFormats
import IAPSystem

/// An open, locked state folder: the loaded `StoreState` and the means to commit changes.
///
/// The lock is held until the session is released, so a command's read-modify-write is one
/// atomic step with respect to every other `iap` process on the same folder.
package final class StateSession {
  package let directory: StateDirectory
  /// The state folder, open (nil for a reader when it does not exist yet).
  package let folder: Folder?
  /// The store as of the last committed command.
  package private(set) var state = StoreState()
  /// The lock file, held while the session is open; nil for a reader without a folder, and
  /// once closed.
  private var lock: Int32?
  package let writable: Bool
  /// Every transaction version and store event.
  private(set) var transactions: AppendLog
  /// Every server notification sent.
  private(set) var notifications: AppendLog
  /// How much of each log `store.json` covers, and whether there is one.
  private var snapshotOffsets = SnapshotCodec.Offsets()
  private var hasSnapshot = false
  /// `settings.json`, once read: a command asks for it several times (its settings, the
  /// notification URL, the signing secret) and it cannot change while the lock is held.
  var overrides: [String: String]?
  /// Where problems after a commit point go (they cannot fail a command that has stored its
  /// change): the workspace points it at its console.
  package var warn: (String) -> Void = { _ in }
  /// The transaction log's size from which `latestVersions()` keeps `history.index`.
  package var historyIndexFrom = HistoryIndex.minimumLogSize
  /// The server's last loaded state, taken when the files did not change since (nil for a command).
  var cache: LoadedStateCache?

  /// How far the logs may run ahead of `store.json` before a commit rewrites it.
  ///
  /// The logs are the record: a command reports success once its records are fsynced there.
  /// `store.json` is their fold up to a point, and replacing it costs a write, an fsync, a
  /// rename and an fsync of the folder, more than the rest of a purchase. So it is rewritten
  /// once the logs have grown this far past it, and every load replays the difference (a
  /// few dozen records, well under a millisecond), exactly as it replays what a crash left.
  static let snapshotInterval = 8 << 10

  init(directory: StateDirectory, folder: Folder?, lock: Int32?, writable: Bool) {
    self.directory = directory
    self.folder = folder
    self.lock = lock
    self.writable = writable
    transactions = AppendLog(name: StateDirectory.Name.log, in: directory.path)
    notifications = AppendLog(name: StateDirectory.Name.notifications, in: directory.path)
  }

  /// Releases the lock and closes the files: the session is not used after this. A
  /// workspace that trades a shared lock for the exclusive one closes the first explicitly;
  /// otherwise the session closes when it is released.
  package func close() {
    transactions.close()
    notifications.close()
    if let lock { POSIXFile.close(lock) }
    lock = nil
  }

  deinit { close() }

  /// Another read-only session over this one's loaded state and files, for the server's next
  /// request while nothing in the folder changed: it shares the folder,
  /// reads the logs through descriptors of its own, and holds no lock: what it reads cannot
  /// change under it, and a command's change makes the server open the state afresh.
  package func unlockedCopy() throws(StateError) -> StateSession {
    let copy = StateSession(directory: directory, folder: folder, lock: nil, writable: false)
    (copy.state, copy.snapshotOffsets, copy.hasSnapshot) = (state, snapshotOffsets, hasSnapshot)
    (copy.transactions, copy.notifications) = (try transactions.duplicate(), try notifications.duplicate())
    (copy.overrides, copy.cache, copy.historyIndexFrom) = (overrides, cache, historyIndexFrom)
    return copy
  }

  /// Reads the snapshot and replays whatever the logs hold beyond it. A damaged record is
  /// recorded as the state's damage, so that later commands refuse at once.
  func load() throws(StateError) {
    try notingDamage { () throws(StateError) in try loadLogs() }
  }

  private func loadLogs() throws(StateError) {
    let cacheKey = cache == nil ? nil : folder.flatMap { folder in lock.flatMap { LoadedStateCache.Key(folder: folder, lock: $0) } }
    if let cacheKey, let hit = cache?.entry(for: cacheKey) {
      (state, snapshotOffsets, hasSnapshot) = (hit.state, hit.snapshotOffsets, hit.hasSnapshot)
      try transactions.open(in: folder, writable: writable, covered: hit.transactionsEnd)
      try notifications.open(in: folder, writable: writable, covered: hit.notificationsEnd)
      return
    }
    let snapshotPath = directory.snapshotPath
    var offsets = SnapshotCodec.Offsets()
    do {
      if let bytes = try folder?.readIfExists(StateDirectory.Name.snapshot) {
        hasSnapshot = true
        do { (state, offsets) = try SnapshotCodec.decode(bytes: bytes) } catch {
          switch error {
          case let .json(error):
            throw StateError.unreadable(path: snapshotPath, reason: "invalid JSON at byte \(error.offset): \(error.reason)")
          case let .record(error):
            throw StateError.unreadable(path: snapshotPath, reason: "bad or missing '\(error.field)'")
          }
        }
      }
    } catch let error as StateError {
      throw error
    } catch {
      throw .unreadable(path: snapshotPath, reason: "\(error)")
    }
    snapshotOffsets = offsets
    try transactions.open(in: folder, writable: writable, covered: offsets.transactions)
    try notifications.open(in: folder, writable: writable, covered: offsets.notifications)
    // The lock's copy of the seal, else (a `lock` deleted and made afresh) the `seal` file's,
    // which is then copied back into `lock` so that the next command reads no more files.
    let lockSeal = lock.flatMap(LogSeal.read)
    let seal = lockSeal ?? (lock == nil ? nil : LogSeal.read(in: folder))
    let checked = try checkAgainst(seal)
    // A crash between the logs' appends and the snapshot's rename left records the snapshot
    // does not cover yet: fold them in.
    // Transaction versions and receipt updates are read straight from their bytes
    // (`TransactionRecordReader`, the same result as the general decoder, which reads what it
    // cannot), not parsed into a `JSONValue` tree (docs/performance.md, "Shapes kept for start-up").
    let quick = TransactionRecordReader.logRecord
    transactions.cover(
      try transactions.scan(from: offsets.transactions, quick: quick, decode: LogRecordCodec.decode) { state.apply($0); return true })
    // Notifications of a commit that did not reach its commit point (the transaction log never
    // got to the length they name) are not sent: the scan stops there, and the next append
    // cuts them off like a torn line.
    let logLength = transactions.validEnd
    // With the lock, the logs either match their seal or were just checked whole: their
    // records decode, so the notifications need only be counted. Without it (a read-only
    // folder) nothing vouched for them, and each is decoded.
    if lock == nil {
      var committed = true
      let decode = { (json: JSONValue) throws(RecordError) -> ServerNotification in
        committed = NotificationRecord.requiredLogLength(json) <= logLength
        return try NotificationRecord.decode(json)
      }
      notifications.cover(
        try notifications.scan(from: offsets.notifications, decode: decode) { notification in
          guard committed else { return false }
          state.apply(.notification(notification))
          return true
        })
    } else {
      try countNotifications(from: offsets.notifications, logLength: logLength)
    }
    // Ids given before a repair dropped their records are not given again.
    if let seal { state.nextId = max(state.nextId, seal.nextId) }
    if !checked, lockSeal == nil, let lock, let seal {
      var restored = seal
      restored.nextId = state.nextId
      restored.write(lock)
    }
    if let cacheKey, lockSeal != nil, !checked {
      cache?.remember(
        .init(
          key: cacheKey, state: state, snapshotOffsets: snapshotOffsets, hasSnapshot: hasSnapshot,
          transactionsEnd: transactions.validEnd, notificationsEnd: notifications.validEnd))
    }
    if checked, let lock {
      // Something other than iap's appends touched the logs: `history`'s saved index of
      // the transaction log may no longer describe it.
      try? folder?.unlink(HistoryIndex.name)
      currentSeal().write(lock, in: folder)
    }
  }

  /// Counts the notifications past the snapshot into the state, when the seal vouched for
  /// the log (every byte of it is iap's own, or was just checked): each line's checksum is
  /// checked and its `"after"` read from its bytes, without parsing it. A loaded notification
  /// only counts (`StoreState.apply`), so parsing and decoding each is saved (docs/performance.md, "Shapes kept for start-up").
  /// A line of another shape is parsed and decoded as before; the scan stops, as there, at
  /// the first notification whose commit did not happen.
  private func countNotifications(from offset: Int, logLength: Int) throws(StateError) {
    let path = notifications.path
    notifications.cover(
      try notifications.scanLines(from: offset) { (line, at) throws(StateError) -> Bool in
        guard let after = NotificationRecord.peekRequiredLogLength(line), RecordLine.isIntact(line) else {
          var committed = true
          let notification = try RecordLine.decode(line, at: at, path: path) { (json: JSONValue) throws(RecordError) in
            committed = NotificationRecord.requiredLogLength(json) <= logLength
            return try NotificationRecord.decode(json)
          }
          guard committed else { return false }
          state.apply(.notification(notification))
          return true
        }
        guard after <= logLength else { return false }
        state.notificationCount += 1
        return true
      })
  }

  /// Reads both logs whole and checks every record when they are not exactly as the seal
  /// says iap left them (see `LogSeal`). A transaction log shorter than its seal lost records
  /// that commands reported: that is damage. (A shorter notification log is what a power cut
  /// may leave, as notifications are fsynced with the next commit.)
  /// - Returns: whether the logs were checked (and so are to be sealed again).
  private func checkAgainst(_ seal: LogSeal?) throws(StateError) -> Bool {
    guard lock != nil else { return false }
    if let seal, seal.transactions == LogSeal.Mark(fd: transactions.fd), seal.notifications == LogSeal.Mark(fd: notifications.fd) {
      return false
    }
    let end = try transactions.check(decode: LogRecordCodec.decode)
    if let sealed = seal?.transactions?.size, end < sealed {
      throw .damaged(
        path: transactions.path, offset: end,
        reason: "the log's records end at byte \(end), but iap had written \(sealed) bytes: records were cut off")
    }
    _ = try notifications.check(decode: NotificationRecord.decode)
    return true
  }

  /// The seal of the logs as they are now.
  private func currentSeal() -> LogSeal {
    LogSeal(
      transactions: LogSeal.Mark(fd: transactions.fd), notifications: LogSeal.Mark(fd: notifications.fd), nextId: state.nextId)
  }

  /// Makes `changes` durable and `state` the new state: append the records to their logs and
  /// fsync, then, every `snapshotInterval` bytes of log, replace the snapshot atomically. Logs
  /// ahead of the snapshot, whether by design or by a crash, are replayed on load.
  ///
  /// - Parameter continuing: true for all but the last batch of a long run of events. The
  ///   run then rewrites `store.json` once rather than once a batch, and the session lets go
  ///   of `newState` until the last batch's commit (its `state` is empty meanwhile):
  ///   the run's store goes on changing it, and a second owner would make copy-on-write
  ///   copy the whole state, queue and all, at each batch.
  package func commit(_ changes: [LogRecord], state newState: StoreState, continuing: Bool = false) throws(StateError) {
    precondition(writable, "commit on a read-only state session")
    guard !changes.isEmpty else {
      if !continuing { state = newState }  // the last batch of a run may make nothing
      return
    }
    // Bytes, appended to as each record is made: a batch of a long run is 2,048 events, and
    // holding its lines as strings, then joined, then as bytes tripled a few megabytes.
    var log: [UInt8] = []
    var notices: [ServerNotification] = []
    for change in changes {
      if case let .notification(notification) = change {
        notices.append(notification)
      } else {
        RecordLine.encode(LogRecordCodec.encode(change), into: &log)
      }
    }
    let logLength = transactions.validEnd + log.count
    var sent: [UInt8] = []
    for notice in notices { RecordLine.encode(NotificationRecord.encode(notice, after: logLength), into: &sent) }
    let notificationsEnd = notifications.validEnd
    // Before the commit point: a failure stores nothing (what was written is taken back, and
    // notifications that name a log length never reached are ignored on load anyway).
    do throws(POSIXFileError) {
      let folder = writableFolder
      if transactions.validEnd == 0 { try ensureSigningSecret() }
      // Notifications are written before the records they report, but fsynced only when
      // nothing else in the commit is, or before a snapshot counts them (a snapshot must never
      // cover bytes a power cut could take back). So a purchase costs one fsync; what a power
      // cut (not a crash: the kernel keeps written pages) can lose is the last notifications
      // of purchases that are themselves kept.
      try notifications.append(sent, in: folder, sync: log.isEmpty)
      // The commit point: the transaction records appended and fsynced.
      try transactions.append(log, in: folder)
    } catch {
      notifications.rollBack(to: notificationsEnd)
      throw .unwritable(path: directory.path, reason: error.description)
    }
    state = newState
    if let lock { currentSeal().write(lock, in: folder) }
    if continuing { state = StoreState() }
    // After the commit point nothing may fail the command: the snapshot is only a shortcut
    // (the next load replays the log past it), so a failure to rewrite it is a warning.
    let offsets = SnapshotCodec.Offsets(transactions: transactions.validEnd, notifications: notifications.validEnd)
    let behind = offsets.transactions - snapshotOffsets.transactions + offsets.notifications - snapshotOffsets.notifications
    guard !continuing, !hasSnapshot || behind >= Self.snapshotInterval else { return }
    do throws(POSIXFileError) {
      try notifications.sync()
      try writableFolder.replaceAtomically(StateDirectory.Name.snapshot) { (emit: ([UInt8]) throws(POSIXFileError) -> Void) throws(POSIXFileError) in
        try SnapshotCodec.writeText(newState, offsets: offsets, emit)
      }
      snapshotOffsets = offsets
      hasSnapshot = true
    } catch {
      warn("the change is stored, but store.json could not be rewritten (\(error)); the next command replays the log")
    }
  }
}
