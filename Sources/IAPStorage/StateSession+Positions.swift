import IAPCore
import IAPSystem

/// Positions in the transaction log, for readers that resume where they left off (the update
/// stream): where the committed records end, whether a position a client named is a record
/// boundary of this log, and the versions after one.
extension StateSession {
  /// The position just past the log's committed records: where a reader of new records starts.
  package func endPosition() throws(StateError) -> LogPosition {
    let end = transactions.validEnd
    guard let fd = transactions.fd, end > 0 else { return .start }
    let before = try readLog(fd, count: min(end, LogPosition.tailLength), at: end - min(end, LogPosition.tailLength))
    // The committed end always follows a record's newline: one missing is damage of the
    // state, which the load that set `validEnd` has already refused.
    guard let previous = LogPosition.tailChecksum(before: before[...]) else {
      throw .damaged(path: transactions.path, offset: end, reason: "the log's last record has no end")
    }
    return LogPosition(generation: try generation(fd), offset: end, previous: previous)
  }

  /// Whether `position` is a record boundary of this log as it is now: its start, or the end
  /// of a committed record of the same generation with the same tail. Reads at most two
  /// short spans of the log, and never records damage: a position that does not fit is only
  /// a client's stale or forged word.
  package func isBoundary(_ position: LogPosition) throws(StateError) -> Bool {
    guard position.offset > 0 else { return true }
    guard let fd = transactions.fd, position.offset <= transactions.validEnd else { return false }
    guard try generation(fd) == position.generation else { return false }
    let length = min(position.offset, LogPosition.tailLength)
    let before = try readLog(fd, count: length, at: position.offset - length)
    return LogPosition.tailChecksum(before: before[...]) == position.previous
  }

  /// The transaction versions committed after `position` (a record boundary: see
  /// `isBoundary`), oldest first, each with the position just past its record, where reading
  /// on resumes.
  package func transactionVersions(after position: LogPosition) throws(StateError) -> [(position: LogPosition, transaction: Transaction)] {
    guard let fd = transactions.fd, position.offset < transactions.validEnd else { return [] }
    let path = transactions.path
    let generation = try generation(fd)
    var found: [(position: LogPosition, transaction: Transaction)] = []
    try notingDamage { () throws(StateError) in
      try TransactionLogIndex.forEachRecord(fd: fd, path: path, from: position.offset, end: transactions.validEnd) {
        record, offset throws(StateError) in
        if case let .transaction(t) = try TransactionLogIndex.decodeRecord(record, at: offset, path: path) {
          let next = LogPosition(generation: generation, offset: offset + record.count + 1, previous: LogPosition.tailChecksum(record: record))
          found.append((next, t))
        }
      }
    }
    return found
  }

  /// The generation of the log open at `fd` (`LogPosition.generation`): its device and inode,
  /// and its first record.
  private func generation(_ fd: Int32) throws(StateError) -> UInt32 {
    let info: FileStatus
    do { info = try FileStatus(fd: fd) } catch {
      throw .unreadable(path: transactions.path, reason: error.description)
    }
    var head = try readLog(fd, count: min(transactions.validEnd, LogPosition.headLength), at: 0)[...]
    if let newline = head.firstIndex(of: UInt8(ascii: "\n")) { head = head[...newline] }
    return LogPosition.generation(device: info.device, inode: info.inode, head: head)
  }

  private func readLog(_ fd: Int32, count: Int, at offset: Int) throws(StateError) -> [UInt8] {
    do { return try POSIXFile.read(fd, count: count, at: offset, path: transactions.path) } catch {
      throw .unreadable(path: transactions.path, reason: error.description)
    }
  }
}
