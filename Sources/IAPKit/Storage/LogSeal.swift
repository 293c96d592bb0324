import IAPCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the logs looked like when iap last wrote them, kept as the content of the `lock`
/// file (which every command opens anyway), so that a change made by anything else is seen
/// at the cost of one small read and a `stat` per log.
///
/// Commands read only the part of a log beyond `store.json`; the rest was checked when it
/// was written. A file's change time (`ctime`) moves with every write, truncation or rename
/// of it and cannot be set back by any user, so a log whose inode, size and ctime match the
/// seal holds exactly the bytes iap wrote. Anything else (damage, an edit, a cut, a crash
/// between the append and the seal, a state from before seals) makes the command read the
/// whole log once, check every record, and seal it again; a log shorter than its seal lost
/// records that were reported, which is damage.
///
/// The seal also carries the next transaction id, so that ids are never given twice, even
/// when a repair drops the last records of the log. It is not fsynced: after a power cut it
/// may be old or missing, and the logs are then read whole once.
struct LogSeal: Equatable {
  /// One log file's identity, length and last change.
  struct Mark: Equatable {
    var inode: UInt64
    var size: Int
    var changeSeconds: Int64
    var changeNanoseconds: Int64

    /// The mark of an open file, or nil when it cannot be read.
    init?(fd: Int32?) {
      var st = stat()
      guard let fd, fstat(fd, &st) == 0 else { return nil }
      inode = UInt64(st.st_ino)
      size = Int(st.st_size)
      #if canImport(Darwin)
        changeSeconds = Int64(st.st_ctimespec.tv_sec)
        changeNanoseconds = Int64(st.st_ctimespec.tv_nsec)
      #else
        changeSeconds = Int64(st.st_ctim.tv_sec)
        changeNanoseconds = Int64(st.st_ctim.tv_nsec)
      #endif
    }

    init(inode: UInt64, size: Int, changeSeconds: Int64, changeNanoseconds: Int64) {
      self.inode = inode
      self.size = size
      self.changeSeconds = changeSeconds
      self.changeNanoseconds = changeNanoseconds
    }

    /// A mark no file has: what a repair leaves, so that the next command checks the logs.
    static let unknown = Mark(inode: 0, size: 0, changeSeconds: 0, changeNanoseconds: 0)
  }

  /// The transaction log's mark, or nil when there was no such file.
  var transactions: Mark?
  /// The notification log's mark, or nil when there was no such file.
  var notifications: Mark?
  /// The id the next transaction gets: at least one past every id ever given.
  var nextId: UInt64

  /// The seal is one line padded to this length, so that a shorter one never needs a
  /// truncation and a rewrite is a single `pwrite`.
  static let length = 200
  private static let magic = "iap-seal-1"

  /// The seal in the lock file `fd`, or nil when there is none or it does not read whole.
  static func read(_ fd: Int32) -> LogSeal? {
    var buffer = [UInt8](repeating: 0, count: length)
    let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, length, 0) }
    guard n == length else { return nil }
    let fields = String(decoding: buffer, as: UTF8.self).split(separator: " ", omittingEmptySubsequences: true)
    // magic, 2 × (inode size seconds nanoseconds), nextId, crc, newline.
    guard fields.count == 12, fields[0] == magic, fields[11] == "\n" else { return nil }
    let body = fields[0..<10].joined(separator: " ")
    guard let crc = UInt32(fields[10], radix: 16), crc == CRC32.checksum(Array(body.utf8)) else { return nil }
    func mark(_ at: Int) -> Mark?? {
      guard let inode = UInt64(fields[at]), let size = Int(fields[at + 1]), let seconds = Int64(fields[at + 2]),
        let nanoseconds = Int64(fields[at + 3])
      else { return .none }
      return .some(inode == 0 && size == -1 ? nil : Mark(inode: inode, size: size, changeSeconds: seconds, changeNanoseconds: nanoseconds))
    }
    guard let transactions = mark(1), let notifications = mark(5), let nextId = UInt64(fields[9]) else { return nil }
    return LogSeal(transactions: transactions, notifications: notifications, nextId: nextId)
  }

  /// Writes the seal into the lock file `fd`. Best effort: a seal that is not written only
  /// makes the next command check the logs whole.
  func write(_ fd: Int32) {
    func fields(_ mark: Mark?) -> String {
      guard let mark else { return "0 -1 0 0" }
      return "\(mark.inode) \(mark.size) \(mark.changeSeconds) \(mark.changeNanoseconds)"
    }
    let body = "\(Self.magic) \(fields(transactions)) \(fields(notifications)) \(nextId)"
    var line = body + " " + String(CRC32.checksum(Array(body.utf8)), radix: 16)
    line += String(repeating: " ", count: max(1, Self.length - 1 - line.utf8.count)) + "\n"
    guard line.utf8.count == Self.length else { return }
    _ = try? POSIXFile.write(fd, Array(line.utf8), at: 0, path: "lock")
  }

  /// Removes the seal (`reset`: the logs are gone).
  static func clear(_ fd: Int32) {
    _ = ftruncate(fd, 0)
  }
}
