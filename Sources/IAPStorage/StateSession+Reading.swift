import IAPCore
import IAPSystem

/// Reading what the logs hold beyond the folded state: history, single transactions, the
/// notifications sent. Damage met on the way is recorded, as in `load`.
extension StateSession {
  /// The folder of a session that writes (which always has one).
  package var writableFolder: Folder {
    precondition(writable, "a write on a read-only state session")
    return folder!
  }

  /// Runs `body`, a read of records; damage it meets is recorded for later commands.
  func notingDamage<T>(_ body: () throws(StateError) -> T) throws(StateError) -> T {
    do { return try body() } catch {
      if let folder { directory.recordDamage(error, in: folder) }
      throw error
    }
  }

  /// The store's history: the latest version of every transaction not deleted or cleared,
  /// by id. Holds them all in memory: `latestVersions()` is the way through a long history.
  package func history() throws(StateError) -> [Transaction] {
    var result: [Transaction] = []
    try latestVersions().forEach { result.append($0) }
    return result
  }

  /// An index of the latest version of every transaction, to read them one at a time.
  package func latestVersions() throws(StateError) -> TransactionLogIndex {
    try notingDamage { () throws(StateError) in
      try TransactionLogIndex(fd: transactions.fd, path: transactions.path, end: transactions.validEnd, cache: folder,
        cacheFrom: historyIndexFrom)
    }
  }

  /// The latest version of transaction `id` (of any account), if it has one: looked up in
  /// the log's index (`HistoryIndex`), which is one read of one record once the index is
  /// there. A server keeps its index in `kept`, which reads only what the log gained since
  /// its last lookup; a command opens it as `latestVersions()` does (from `history.index`
  /// when the log is long).
  package func transaction(_ id: UInt64, kept: TransactionIdIndex? = nil) throws(StateError) -> Transaction? {
    guard let fd = transactions.fd else { return nil }  // no state yet
    let path = transactions.path
    let validEnd = transactions.validEnd
    return try notingDamage { () throws(StateError) -> Transaction? in
      if let kept { return try kept.transaction(id, fd: fd, path: path, validEnd: validEnd) }
      let (index, fromFile) = try HistoryIndex.open(fd: fd, path: path, validEnd: validEnd, cache: folder, cacheFrom: historyIndexFrom)
      switch index.transaction(id, fd: fd, path: path) {
      case let .found(t): return t
      case .none: return nil
      case .stale:
        // Only a saved index that no longer describes the log gets here (a fresh fold is
        // of the log as it is): drop it, and fold the log afresh.
        guard fromFile, let identity = HistoryIndex.identity(of: fd) else { return nil }
        try? folder?.unlink(HistoryIndex.name)
        var fresh = HistoryIndex(of: identity)
        try fresh.catchUp(fd: fd, path: path, to: validEnd)
        guard case let .found(t) = fresh.transaction(id, fd: fd, path: path) else { return nil }
        return t
      }
    }
  }

  /// The latest version of transaction `id` of `account`, if history has it.
  package func transaction(_ id: UInt64, account: String) throws(StateError) -> Transaction? {
    guard let found = try transaction(id), found.account == account else { return nil }
    return found
  }

  /// Every notification sent, oldest first.
  package func sentNotifications() throws(StateError) -> [ServerNotification] {
    var all: [ServerNotification] = []
    _ = try notingDamage { () throws(StateError) in
      try notifications.scan(from: 0, to: notifications.validEnd, decode: NotificationRecord.decode) { all.append($0); return true }
    }
    return all
  }
}
