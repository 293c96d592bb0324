import IAPCore
import IAPSystem

/// The one index of `transactions.log`: where the latest version of each transaction lies,
/// by id (a deleted one kept, marked, as the log keeps its tombstone), and how far into the
/// log it reaches. It is the log's fold by id, and every reader of latest versions goes
/// through it: `history` and the other commands walk it in id order (`TransactionLogIndex`),
/// a single transaction is one read of one record (`transaction(_:fd:path:)`), and the
/// server keeps one from one request to the next (`TransactionIdIndex`).
///
/// Building it reads the log in fixed-size chunks and takes what it needs from each record's
/// bytes (`RecordPeek`), parsing only what that leaves undecided (the records are as iap
/// wrote them: `load` checked the log against its seal, or read it whole): 16 bytes and an
/// account name a transaction, never a `Transaction`. Once the log is long, a command saves
/// it as `history.index` and the next one starts from it, reading only the records appended
/// since (`HistoryIndex+File`), so that a long log is not read whole by every `history`.
///
/// It is a cache, never a record: it is used only when it checks out against the log as it
/// is now, and rebuilt otherwise. It names the log file (device and inode: a repair writes a
/// new one), how far it covers (which must not be past the log's complete records), and the
/// last record it covers (offset, length and CRC-32 of its bytes, read back and compared: a
/// log cut back and written again differs there); its own bytes end with their CRC-32. Any
/// write to the log that is not iap's own append makes the next command read the whole log
/// against the seal, which removes this file (`StateSession.load`), as does a repair.
///
/// Binary, little-endian: the magic line; device, inode, covered length, last record offset
/// and length (8 bytes each); its CRC-32, account count (4 each); entry count (8); each
/// account as a 4-byte length and its UTF-8; each entry as id and offset (8 each), length,
/// and account number with the deletion in its top bit (4 each); the CRC-32 of all before.
package struct HistoryIndex {
  static let name = "history.index"
  static let magic = Array("iap-history-index 1\n".utf8)
  /// Logs shorter than this (1 MB, some 2,500 transactions) are read whole, without a file.
  package static let minimumLogSize = 1 << 20

  /// Where a transaction's latest version lies, whose it is, and whether it is a tombstone.
  typealias Version = (offset: Int, length: Int, account: String, deleted: Bool)

  /// The log file it covers.
  var device: UInt64
  var inode: UInt64
  /// The log's bytes it covers: complete records, from the start.
  var end: Int
  /// The last record it covers (nil when it covers none): where, and its bytes' CRC-32 (0
  /// until it is saved: `write(in:log:)` reads it back).
  var last: (offset: Int, length: Int, crc: UInt32)?
  /// The fold: each id's latest version.
  var latest: [UInt64: Version]

  /// An index of nothing yet of the log file `identity` (device, inode).
  init(of identity: (UInt64, UInt64)) {
    self.init(device: identity.0, inode: identity.1, end: 0, last: nil, latest: [:])
  }

  init(device: UInt64, inode: UInt64, end: Int, last: (offset: Int, length: Int, crc: UInt32)?, latest: [UInt64: Version]) {
    self.device = device
    self.inode = inode
    self.end = end
    self.last = last
    self.latest = latest
  }

  /// The log file open at `fd` as (device, inode).
  static func identity(of fd: Int32) -> (UInt64, UInt64)? {
    guard let st = try? FileStatus(fd: fd) else { return nil }
    return (st.device, st.inode)
  }

  /// Whether it indexes the log file `identity` and no more of it than `validEnd`: a log that
  /// is another file now, or shorter than what was indexed (a repair rewrote it), is indexed
  /// afresh.
  func describes(_ identity: (UInt64, UInt64), upTo validEnd: Int) -> Bool {
    device == identity.0 && inode == identity.1 && end <= validEnd
  }

  /// The index of the log open at `fd`, whose complete records end at `validEnd`.
  ///
  /// - Parameters:
  ///   - cache: the state folder, to start from its `history.index` when it checks out
  ///     against the log (reading only the records appended since) and to save the index
  ///     there when it reached further; nil to read the whole log.
  ///   - cacheFrom: the log's size from which the cache is used: a shorter log is read
  ///     whole, as quickly as the cache would be, and leaves no file behind.
  /// - Returns: the index, and whether it started from the saved file.
  static func open(fd: Int32, path: String, validEnd: Int, cache: Folder?, cacheFrom: Int = minimumLogSize) throws(StateError)
    -> (index: HistoryIndex, fromFile: Bool)
  {
    let cache = validEnd >= cacheFrom ? cache : nil
    let saved = cache.flatMap { read(in: $0, log: fd, validEnd: validEnd) }
    guard var index = saved ?? identity(of: fd).map(HistoryIndex.init(of:)) else {
      throw .unreadable(path: path, reason: POSIXFileError(path: path, operation: "stat", errno: .current).description)
    }
    try index.catchUp(fd: fd, path: path, to: validEnd)
    if let cache, index.end != saved?.end { index.write(in: cache, log: fd) }
    return (index, saved != nil)
  }

  /// Folds the records from `end` to `validEnd` into the index.
  mutating func catchUp(fd: Int32, path: String, to validEnd: Int) throws(StateError) {
    guard validEnd > end else { return }
    var last = self.last
    try TransactionLogIndex.forEachRecord(fd: fd, path: path, from: end, end: validEnd) {
      (record: ArraySlice<UInt8>, offset: Int) throws(StateError) in
      try Self.fold(record, at: offset, path: path, into: &latest)
      last = (offset, record.count, 0)
    }
    self.last = last
    end = last.map { $0.offset + $0.length + 1 } ?? 0
  }

  /// Folds one log record into `latest` (each id's latest version): a transaction version
  /// replaces its id's, `clear` drops its account's, other events change nothing.
  static func fold(_ record: ArraySlice<UInt8>, at offset: Int, path: String, into latest: inout [UInt64: Version]) throws(StateError) {
    switch RecordPeek.peek(record) {
    case let .transaction(id, account, deleted):
      latest[id] = (offset, record.count, account, deleted)
      return
    case .otherEvent:
      return
    case .decode:
      break
    }
    switch try TransactionLogIndex.decodeRecord(record, at: offset, path: path) {
    case let .transaction(t): latest[t.id] = (offset, record.count, t.account, t.deleted)
    case let .clearAccount(account): latest = latest.filter { $0.value.account != account }
    case .reinstall, .subscription, .removeSubscription, .receiptUpdate, .offerNonce, .massExtension, .family, .dismissMessages, .appStoreMessage, .externalPurchaseToken,
      .notification:
      break
    }
  }

  /// What a lookup found: the latest version, none (never bought, deleted or cleared), or a
  /// record that no longer holds the id it was indexed under (the log was rewritten in place
  /// since, past every check): the index must be built afresh.
  enum Lookup {
    case found(Transaction)
    case none
    case stale
  }

  /// Where the latest version of transaction `id` starts in the log, if it has one.
  func latestOffset(of id: UInt64) -> Int? {
    guard let version = latest[id], !version.deleted else { return nil }
    return version.offset
  }

  /// The latest version of transaction `id`: one read of one record of the log open at `fd`.
  func transaction(_ id: UInt64, fd: Int32, path: String) -> Lookup {
    guard let version = latest[id], !version.deleted else { return .none }
    guard let record = try? POSIXFile.read(fd, count: version.length, at: version.offset, path: path),
      record.count == version.length,
      case let .transaction(t)? = try? TransactionLogIndex.decodeRecord(record[...], at: version.offset, path: path), t.id == id
    else { return .stale }
    return .found(t)
  }
}
