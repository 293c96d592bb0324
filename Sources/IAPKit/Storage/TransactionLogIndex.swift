import IAPCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the latest version of each transaction lies in `transactions.log`, in id order, so
/// that `history` can go through 100,000 transactions in bounded memory. Store events in the
/// log count too: `clear` drops an account's transactions, and deleted ones are left out.
///
/// Building it reads the log once in fixed-size chunks and takes what it needs from each
/// record's bytes (`RecordPeek`), parsing only what that leaves undecided (the records are as
/// iap wrote them: `load` checked the log against its seal, or read it whole); only the
/// position of each id's latest version is kept (16 bytes a transaction). Once the log is
/// long, that fold is saved as `history.index` and the next build starts from it, reading
/// only what the log gained since (`HistoryIndex`).
/// `forEach` then reads those records back, a megabyte of log at a time, and decodes them
/// one at a time. Holding every version as a `Transaction` instead (a dictionary by id) took
/// 146 MB at 100,000 transactions.
package struct TransactionLogIndex {
  private let fd: Int32
  private let path: String
  /// The end of the log's complete records: no read goes past it.
  private let end: Int
  /// Id, offset and length (without the newline) of each latest version, by ascending id.
  private let spans: [(id: UInt64, offset: Int, length: Int)]
  /// The folder holding the `history.index` this index started from, if it did.
  private let cache: Folder?

  /// The number of transactions.
  package var count: Int { spans.count }

  /// Bytes read from the log at a time.
  static let chunkSize = 1 << 20

  /// Indexes the complete records of the log open at `fd`, up to `end` (the bytes that hold
  /// complete, committed records).
  ///
  /// - Parameters:
  ///   - cache: the state folder, to start from its `history.index` when it checks out
  ///     against the log (reading only the records appended since) and to save the index
  ///     there when it changed; nil to read the whole log.
  ///   - cacheFrom: the log's size from which the cache is used: a shorter log is read
  ///     whole, as quickly as the cache would be, and leaves no file behind.
  init(fd: Int32?, path: String, end: Int, cache: Folder? = nil, cacheFrom: Int = HistoryIndex.minimumLogSize) throws(IAPError) {
    self.path = path
    self.end = end
    guard let fd else {
      self.fd = -1
      spans = []
      self.cache = nil
      return
    }
    self.fd = fd
    let cache = end >= cacheFrom ? cache : nil
    let saved = cache.flatMap { HistoryIndex.read(in: $0, log: fd, validEnd: end) }
    var latest = saved?.latest ?? [:]
    var last = saved?.last.map { (offset: $0.offset, length: $0.length) }
    try Self.forEachRecord(fd: fd, path: path, from: saved?.end ?? 0, end: end) {
      (record: ArraySlice<UInt8>, offset: Int) throws(IAPError) in
      try Self.fold(record, at: offset, path: path, into: &latest)
      last = (offset, record.count)
    }
    let covered = last.map { $0.offset + $0.length + 1 } ?? 0
    if let cache, covered != saved?.end, let (device, inode) = HistoryIndex.identity(of: fd) {
      let crc = last.flatMap { HistoryIndex.crc(ofRecordAt: $0.offset, length: $0.length, in: fd) }
      if last == nil || crc != nil {
        let lastRecord = last.map { (offset: $0.offset, length: $0.length, crc: crc ?? 0) }
        HistoryIndex(device: device, inode: inode, end: covered, last: lastRecord, latest: latest).write(in: cache)
      }
    }
    spans = latest.filter { !$0.value.deleted }.sorted { $0.key < $1.key }.map { ($0.key, $0.value.offset, $0.value.length) }
    self.cache = saved == nil ? nil : cache
  }

  /// Where a transaction's latest version lies, whose it is, and whether it is a tombstone.
  typealias Version = (offset: Int, length: Int, account: String, deleted: Bool)

  /// Folds one log record into `latest` (each id's latest version): a transaction version
  /// replaces its id's, `clear` drops its account's, other events change nothing. Both this
  /// index and the server's `TransactionIdIndex` read the log this way.
  static func fold(_ record: ArraySlice<UInt8>, at offset: Int, path: String, into latest: inout [UInt64: Version]) throws(IAPError) {
    switch RecordPeek.peek(record) {
    case let .transaction(id, account, deleted):
      latest[id] = (offset, record.count, account, deleted)
      return
    case .otherEvent:
      return
    case .decode:
      break
    }
    switch try decodeRecord(record, at: offset, path: path) {
    case let .transaction(t): latest[t.id] = (offset, record.count, t.account, t.deleted)
    case let .clearAccount(account): latest = latest.filter { $0.value.account != account }
    case .reinstall, .subscription, .removeSubscription, .receiptUpdate, .offerNonce, .massExtension, .family, .dismissMessages, .notification:
      break
    }
  }

  /// Calls `body` with the latest version of each transaction, oldest id first.
  ///
  /// The records are read `chunkSize` bytes at a time: latest versions lie mostly in id
  /// order (a `finish --all` writes them so), so one read serves thousands of them, where a
  /// read per record was an eighth of `history`'s time.
  package func forEach(_ body: (Transaction) throws(IAPError) -> Void) throws(IAPError) {
    try forEachWithPosition { transaction, _ throws(IAPError) in try body(transaction) }
  }

  /// `forEach`, with where each version lies in the log: a later position is a later
  /// change, the order of Get Transaction History's `revision`.
  package func forEachWithPosition(_ body: (Transaction, Int) throws(IAPError) -> Void) throws(IAPError) {
    var window = [UInt8]()
    var windowStart = 0
    var windowCount = 0  // the bytes of `window` read
    for span in spans {
      if span.offset < windowStart || span.offset + span.length > windowStart + windowCount {
        windowStart = span.offset
        // No more than the log holds: zeroing a megabyte for a short log was a fifth of a
        // small `history`.
        let count = max(min(Self.chunkSize, end - span.offset), span.length)
        windowCount = try read(at: span.offset, count: count, atLeast: span.length, into: &window)
      }
      let start = span.offset - windowStart
      let transaction = try Self.decode(window[start..<(start + span.length)], at: span.offset, path: path)
      guard transaction.id == span.id else {
        // Only a saved index that no longer describes the log gets here (the log was
        // rewritten in place, past every check): drop it, so that the next run reads the
        // log afresh, rather than show a wrong history.
        try? cache?.unlink(HistoryIndex.name)
        throw .stateUnreadable(path: path, reason: "the log changed while it was being read, at byte \(span.offset)")
      }
      try body(transaction, span.offset)
    }
  }

  /// Reads up to `count` bytes of the log from `offset` into `buffer` (grown to hold them)
  /// and returns how many; fewer than `atLeast` means the log was cut while it was read.
  private func read(at offset: Int, count: Int, atLeast: Int, into buffer: inout [UInt8]) throws(IAPError) -> Int {
    if buffer.count < count { buffer = [UInt8](repeating: 0, count: count) }
    let done = try? POSIXFile.read(fd, into: &buffer, count: count, at: offset, path: path)
    guard let done, done >= atLeast else {
      throw .stateUnreadable(path: path, reason: "the log changed while it was being read, at byte \(offset)")
    }
    return done
  }

  /// Reads a transaction record back, straight from its bytes when `TransactionRecordReader`
  /// can.
  static func decode(_ record: ArraySlice<UInt8>, at offset: Int, path: String) throws(IAPError) -> Transaction {
    let quick: (ArraySlice<UInt8>) -> LogRecord? = { TransactionRecordReader.transaction($0).map(LogRecord.transaction) }
    guard case let .transaction(t) = try RecordLine.decode(record, at: offset, path: path, quick: quick, LogRecordCodec.decode)
    else {
      throw .stateUnreadable(path: path, reason: "the log changed while it was being read, at byte \(offset)")
    }
    return t
  }

  /// Reads a record; a bad one makes the whole state unreadable, as in `StateSession.load`.
  static func decodeRecord(_ record: ArraySlice<UInt8>, at offset: Int, path: String) throws(IAPError) -> LogRecord {
    try RecordLine.decode(record, at: offset, path: path, LogRecordCodec.decode)
  }

  /// The index of the first newline in `bytes[from..<to]` (`memchr`: the log's lines are
  /// long, and searching them a byte at a time was a tenth of `history`).
  private static func newline(in bytes: [UInt8], from: Int, to: Int) -> Int? {
    guard from < to else { return nil }
    return bytes.withUnsafeBufferPointer { buffer in
      memchr(buffer.baseAddress! + from, 0x0A, to - from).map { UnsafeRawPointer($0) - UnsafeRawPointer(buffer.baseAddress!) }
    }
  }

  /// Calls `body` with each complete line of the file (without its newline) and its offset,
  /// reading `chunkSize` bytes at a time, from `start` (a record's first byte). A last line
  /// without a newline is a torn write and is not a record.
  static func forEachRecord(
    fd: Int32, path: String, from start: Int = 0, end: Int, _ body: (ArraySlice<UInt8>, Int) throws(IAPError) -> Void
  ) throws(IAPError) {
    var pending: [UInt8] = []  // the start of a line that continues in the next chunk
    var pendingOffset = 0
    var position = start
    var chunk = [UInt8](repeating: 0, count: min(chunkSize, max(0, end - start)))  // no more than there is to read
    while true {
      let wanted = min(chunk.count, end - position)
      if wanted <= 0 { return }
      let n: Int
      do {
        n = try POSIXFile.read(fd, into: &chunk, count: wanted, at: position, path: path)
      } catch {
        throw .stateUnreadable(path: path, reason: error.description)
      }
      if n == 0 { return }
      var start = 0
      while let newline = Self.newline(in: chunk, from: start, to: n) {
        if pending.isEmpty {
          try body(chunk[start..<newline], position + start)
        } else {
          pending.append(contentsOf: chunk[start..<newline])
          try body(pending[...], pendingOffset)
          pending.removeAll(keepingCapacity: true)
        }
        start = newline + 1
      }
      if start < n {
        if pending.isEmpty { pendingOffset = position + start }
        pending.append(contentsOf: chunk[start..<n])
      }
      position += n
    }
  }
}
