import IAPCore
import IAPSystem

/// The latest version of each transaction in id order: `HistoryIndex`, the log's one index,
/// walked so that `history` can go through 100,000 transactions in bounded memory. Store
/// events in the log count too: `clear` drops an account's transactions, and deleted ones
/// are left out.
///
/// `forEach` reads the records back, a megabyte of log at a time, and decodes them one at a
/// time, so that memory does not grow with the log as holding every version as a
/// `Transaction` (a dictionary by id) would.
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
  /// complete, committed records), with `HistoryIndex.open`, whose `cache` and `cacheFrom`
  /// say whether `history.index` is used and kept.
  init(fd: Int32?, path: String, end: Int, cache: Folder? = nil, cacheFrom: Int = HistoryIndex.minimumLogSize) throws(StateError) {
    guard let fd else {
      self.init(path: path)
      return
    }
    let (index, fromFile) = try HistoryIndex.open(fd: fd, path: path, validEnd: end, cache: cache, cacheFrom: cacheFrom)
    self.init(index, fd: fd, path: path, end: end, cache: fromFile ? cache : nil)
  }

  /// The walk of `index`, of the log open at `fd` whose complete records end at `end`.
  /// - Parameter cache: the folder whose `history.index` `index` was read from, if it was.
  init(_ index: HistoryIndex, fd: Int32, path: String, end: Int, cache: Folder?) {
    self.fd = fd
    self.path = path
    self.end = end
    spans = index.latest.filter { !$0.value.deleted }.sorted { $0.key < $1.key }.map { ($0.key, $0.value.offset, $0.value.length) }
    self.cache = cache
  }

  /// No transactions: there is no log yet.
  private init(path: String) {
    fd = -1
    self.path = path
    end = 0
    spans = []
    cache = nil
  }

  /// Calls `body` with the latest version of each transaction, oldest id first.
  ///
  /// The records are read `chunkSize` bytes at a time: latest versions lie mostly in id
  /// order (a `finish --all` writes them so), so one read serves thousands of them, where a
  /// read per record was an eighth of `history`'s time.
  package func forEach(_ body: (Transaction) throws(StateError) -> Void) throws(StateError) {
    try forEachWithPosition { transaction, _ throws(StateError) in try body(transaction) }
  }

  /// `forEach`, with where each version lies in the log: a later position is a later
  /// change, the order of Get Transaction History's `revision`.
  package func forEachWithPosition(_ body: (Transaction, Int) throws(StateError) -> Void) throws(StateError) {
    var window = [UInt8]()
    var windowStart = 0
    var windowCount = 0  // the bytes of `window` read
    for span in spans {
      if span.offset < windowStart || span.offset + span.length > windowStart + windowCount {
        windowStart = span.offset
        // No more than the log holds: a small `history` should not pay for zeroing a
        // megabyte of window.
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
        throw .unreadable(path: path, reason: "the log changed while it was being read, at byte \(span.offset)")
      }
      try body(transaction, span.offset)
    }
  }

  /// Reads up to `count` bytes of the log from `offset` into `buffer` (grown to hold them)
  /// and returns how many; fewer than `atLeast` means the log was cut while it was read.
  private func read(at offset: Int, count: Int, atLeast: Int, into buffer: inout [UInt8]) throws(StateError) -> Int {
    if buffer.count < count { buffer = [UInt8](repeating: 0, count: count) }
    let done = try? POSIXFile.read(fd, into: &buffer, count: count, at: offset, path: path)
    guard let done, done >= atLeast else {
      throw .unreadable(path: path, reason: "the log changed while it was being read, at byte \(offset)")
    }
    return done
  }

  /// Reads a transaction record back, straight from its bytes when `TransactionRecordReader`
  /// can.
  package static func decode(_ record: ArraySlice<UInt8>, at offset: Int, path: String) throws(StateError) -> Transaction {
    let quick: (ArraySlice<UInt8>) -> LogRecord? = { TransactionRecordReader.transaction($0).map(LogRecord.transaction) }
    guard case let .transaction(t) = try RecordLine.decode(record, at: offset, path: path, quick: quick, LogRecordCodec.decode)
    else {
      throw .unreadable(path: path, reason: "the log changed while it was being read, at byte \(offset)")
    }
    return t
  }

  /// Reads a record; a bad one makes the whole state unreadable, as in `StateSession.load`.
  static func decodeRecord(_ record: ArraySlice<UInt8>, at offset: Int, path: String) throws(StateError) -> LogRecord {
    try RecordLine.decode(record, at: offset, path: path, LogRecordCodec.decode)
  }

  /// The index of the first newline in `bytes[from..<to]` (`memchr`: the log's lines are
  /// long, and searching them a byte at a time shows in every `history`).
  private static func newline(in bytes: [UInt8], from: Int, to: Int) -> Int? {
    guard from < to else { return nil }
    return bytes.withUnsafeBytes { buffer in
      RawMemory.firstIndex(of: 0x0A, in: UnsafeRawBufferPointer(rebasing: buffer[from..<to])).map { from + $0 }
    }
  }

  /// Calls `body` with each complete line of the file (without its newline) and its offset,
  /// reading `chunkSize` bytes at a time, from `start` (a record's first byte). A last line
  /// without a newline is a torn write and is not a record.
  static func forEachRecord(
    fd: Int32, path: String, from start: Int = 0, end: Int, _ body: (ArraySlice<UInt8>, Int) throws(StateError) -> Void
  ) throws(StateError) {
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
        throw .unreadable(path: path, reason: error.description)
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
