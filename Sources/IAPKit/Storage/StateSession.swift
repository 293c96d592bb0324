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
  private var logFD: Int32?
  /// Bytes of the log that hold complete records; anything after is a torn write.
  private var logValidEnd = 0
  private var logSize = 0
  /// How much of the log `store.json` covers, and whether there is one.
  private var snapshotOffset = 0
  private var hasSnapshot = false

  /// How far the log may run ahead of `store.json` before a commit rewrites it.
  ///
  /// The log is the record: a command reports success once its records are fsynced there.
  /// `store.json` is the fold of the log up to a point, and replacing it costs a write, an
  /// fsync, a rename and an fsync of the folder, more than the rest of a purchase. So it is
  /// rewritten once the log has grown this far past it, and every load replays the
  /// difference (a few dozen records, well under a millisecond), exactly as it replays what
  /// a crash left between the two.
  static let snapshotInterval = 8 << 10

  init(directory: StateDirectory, lock: Int32?, writable: Bool) {
    self.directory = directory
    self.lock = lock
    self.writable = writable
  }

  deinit {
    if let logFD { close(logFD) }
    if let lock { close(lock) }
  }

  /// Reads the snapshot and replays whatever the log holds beyond it.
  func load() throws(IAPError) {
    let snapshotPath = directory.snapshotPath
    var offset = 0
    do {
      if let bytes = try POSIXFile.readIfExists(snapshotPath) {
        let json: JSONValue
        do { json = try JSONParser.parse(bytes) } catch {
          throw IAPError.stateUnreadable(path: snapshotPath, reason: "invalid JSON at byte \(error.offset): \(error.reason)")
        }
        hasSnapshot = true
        do { (state, offset) = try SnapshotCodec.decode(json) } catch {
          throw IAPError.stateUnreadable(path: snapshotPath, reason: "bad or missing '\(error.field)'")
        }
      }
      logFD = try POSIXFile.open(directory.logPath, writable ? O_RDWR | O_CREAT : O_RDONLY)
    } catch let error as IAPError {
      throw error
    } catch let error as POSIXFileError {
      if error.isMissing && !writable && error.path == directory.logPath {
        if offset > 0 { throw .stateUnreadable(path: directory.logPath, reason: "missing, but store.json records \(offset) bytes") }
        return
      }
      // A state file that exists but cannot be read is unreadable even to a writer: it is
      // left as it is, and the message says so.
      throw writable && error.path != snapshotPath ? .stateUnwritable(path: directory.path, reason: error.description)
        : .stateUnreadable(path: error.path, reason: error.description)
    } catch {
      throw .stateUnreadable(path: directory.path, reason: "\(error)")
    }
    do { logSize = try POSIXFile.size(logFD!, path: directory.logPath) } catch {
      throw .stateUnreadable(path: directory.logPath, reason: error.description)
    }
    if offset > logSize {
      throw .stateUnreadable(
        path: directory.logPath, reason: "it holds \(logSize) bytes but store.json records \(offset)")
    }
    logValidEnd = offset
    snapshotOffset = offset
    if offset < logSize {
      logValidEnd += try scanLog(from: offset) { state.apply($0) }
    }
  }

  /// Calls `body` with each complete record from `offset` on, in order, and returns how many
  /// bytes those records take. A last line without its newline is a write cut short by a crash:
  /// the command that made it never reported success, so it is skipped (and cut off before
  /// the next append).
  private func scanLog(from offset: Int, _ body: (Transaction) -> Void) throws(IAPError) -> Int {
    guard let logFD else { return 0 }
    let bytes: [UInt8]
    do { bytes = try POSIXFile.readAll(logFD, path: directory.logPath, from: offset) } catch {
      throw .stateUnreadable(path: directory.logPath, reason: error.description)
    }
    var start = 0
    while let newline = bytes[start...].firstIndex(of: 0x0A) {
      let transaction: Transaction
      do {
        transaction = try TransactionRecord.decode(try JSONParser.parse(Array(bytes[start..<newline])))
      } catch let error as JSONParseError {
        throw .stateUnreadable(
          path: directory.logPath, reason: "invalid JSON in the record at byte \(offset + start): \(error.reason)")
      } catch let error as RecordError {
        throw .stateUnreadable(
          path: directory.logPath, reason: "bad or missing '\(error.field)' in the record at byte \(offset + start)")
      } catch {
        throw .stateUnreadable(path: directory.logPath, reason: "\(error)")
      }
      body(transaction)
      start = newline + 1
    }
    return start
  }

  /// Every transaction version in the log, folded to the latest version of each, by id.
  /// Holds them all in memory: `latestVersions()` is the way through a long history.
  public func history() throws(IAPError) -> [Transaction] {
    var result: [Transaction] = []
    try latestVersions().forEach { result.append($0) }
    return result
  }

  /// An index of the latest version of every transaction, to read them one at a time.
  public func latestVersions() throws(IAPError) -> TransactionLogIndex {
    try TransactionLogIndex(fd: logFD, path: directory.logPath)
  }

  /// Makes `changes` durable and `state` the new state: append the versions to the log and
  /// fsync, then, every `snapshotInterval` bytes of log, replace the snapshot atomically. A
  /// log ahead of the snapshot, whether by design or by a crash, is replayed on load.
  public func commit(_ changes: [Transaction], state newState: StoreState) throws(IAPError) {
    precondition(writable, "commit on a read-only state session")
    guard !changes.isEmpty, let logFD else { return }
    var text = ""
    for change in changes {
      text += JSONWriter.compact(TransactionRecord.encode(change))
      text += "\n"
    }
    let bytes = Array(text.utf8)
    let logPath = directory.logPath
    do throws(POSIXFileError) {
      if logValidEnd < logSize, ftruncate(logFD, off_t(logValidEnd)) != 0 {
        throw POSIXFileError(path: logPath, operation: "truncate", code: errno)
      }
      try POSIXFile.write(logFD, bytes, at: logValidEnd, path: logPath)
      try POSIXFile.sync(logFD, path: logPath)
      if logValidEnd == 0 { try POSIXFile.syncDirectory(directory.path) }
      logValidEnd += bytes.count
      logSize = logValidEnd
      if !hasSnapshot || logValidEnd - snapshotOffset >= Self.snapshotInterval {
        let snapshot = JSONWriter.compact(SnapshotCodec.encode(newState, logOffset: logValidEnd)) + "\n"
        try POSIXFile.replaceAtomically(directory.snapshotPath, with: Array(snapshot.utf8), directory: directory.path)
        snapshotOffset = logValidEnd
        hasSnapshot = true
      }
      state = newState
    } catch {
      throw .stateUnwritable(path: directory.path, reason: error.description)
    }
  }
}
