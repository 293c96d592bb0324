import IAPCore
import IAPFormats
import IAPSystem

/// What the logs looked like when iap last wrote them, kept as the content of the `lock`
/// file (which every command opens anyway), so that a change made by anything else is seen
/// at the cost of one small read and a `stat` per log; and again in the `seal` file, which
/// is read only when `lock` holds none, so that deleting `lock` loses neither.
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
package struct LogSeal: Equatable {
  /// One log file's identity, length and last change.
  package struct Mark: Equatable {
    var inode: UInt64
    package var size: Int
    var changeSeconds: Int64
    var changeNanoseconds: Int64

    /// The mark of an open file, or nil when it cannot be read.
    init?(fd: Int32?) {
      guard let fd, let st = try? FileStatus(fd: fd) else { return nil }
      inode = st.inode
      size = st.size
      changeSeconds = st.changed.seconds
      changeNanoseconds = st.changed.nanoseconds
    }

    init(inode: UInt64, size: Int, changeSeconds: Int64, changeNanoseconds: Int64) {
      self.inode = inode
      self.size = size
      self.changeSeconds = changeSeconds
      self.changeNanoseconds = changeNanoseconds
    }

    /// A mark no file has: what a repair leaves, so that the next command checks the logs.
    package static let unknown = Mark(inode: 0, size: 0, changeSeconds: 0, changeNanoseconds: 0)
  }

  /// The transaction log's mark, or nil when there was no such file.
  package var transactions: Mark?
  /// The notification log's mark, or nil when there was no such file.
  package var notifications: Mark?
  /// The id the next transaction gets: at least one past every id ever given.
  package var nextId: UInt64

  /// A seal of the two logs' marks and the next transaction id.
  package init(transactions: Mark?, notifications: Mark?, nextId: UInt64) {
    self.transactions = transactions
    self.notifications = notifications
    self.nextId = nextId
  }

  /// The seal is one line padded to this length, so that a shorter one never needs a
  /// truncation and a rewrite is a single `pwrite`.
  static let length = 200
  private static let magic = "iap-seal-1"

  /// The seal in the lock file `fd`, or nil when there is none or it does not read whole.
  ///
  /// Read on every command, so it works on the bytes: no `String`, no `split`
  /// (docs/performance.md, "Shapes kept for start-up").
  package static func read(_ fd: Int32) -> LogSeal? {
    guard let buffer = try? POSIXFile.read(fd, count: length, at: 0, path: "seal"), buffer.count == length,
      buffer[length - 1] == 0x0A, buffer.starts(with: magic.utf8) else { return nil }
    // magic, 2 × (inode size seconds nanoseconds), nextId, then the CRC-32 (hex) of the rest.
    // Ints, not Int64s: an array of a type the process has not used yet costs a runtime
    // metadata instantiation on this hot path.
    var numbers: [Int] = []
    var index = magic.utf8.count
    var bodyEnd = 0
    while numbers.count < 9 {
      guard buffer[index] == 0x20 else { return nil }
      index += 1
      var value = 0
      let negative = buffer[index] == UInt8(ascii: "-")
      if negative { index += 1 }
      let start = index
      while index < length, (0x30...0x39).contains(buffer[index]) {
        let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
        let (sum, o2) = shifted.addingReportingOverflow(Int(buffer[index] - 0x30))
        guard !o1, !o2 else { return nil }
        value = sum
        index += 1
      }
      guard index > start else { return nil }
      numbers.append(negative ? -value : value)
      bodyEnd = index
    }
    guard buffer[index] == 0x20 else { return nil }
    index += 1
    var crc: UInt32 = 0
    let crcStart = index
    while index < length, let digit = hexValue(buffer[index]), index - crcStart < 8 {
      crc = crc << 4 | UInt32(digit)
      index += 1
    }
    guard index > crcStart, crc == CRC32.checksum(buffer[0..<bodyEnd]) else { return nil }
    func mark(_ at: Int) -> Mark? {
      numbers[at] == 0 && numbers[at + 1] == -1
        ? nil
        : Mark(
          inode: UInt64(UInt(bitPattern: numbers[at])), size: numbers[at + 1], changeSeconds: Int64(numbers[at + 2]),
          changeNanoseconds: Int64(numbers[at + 3]))
    }
    guard numbers[8] >= 0 else { return nil }
    return LogSeal(transactions: mark(0), notifications: mark(4), nextId: UInt64(numbers[8]))
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: return byte - 0x30
    case 0x61...0x66: return byte - 0x61 + 10
    default: return nil
    }
  }

  /// Writes the seal into the lock file `fd`. Best effort: a seal that is not written only
  /// makes the next command check the logs whole.
  package func write(_ fd: Int32) {
    var line = Array(Self.magic.utf8)
    func append(_ n: Int) {
      line.append(0x20)
      if n < 0 { line.append(UInt8(ascii: "-")) }
      var digits: [UInt8] = []
      var rest = n.magnitude
      repeat {
        digits.append(UInt8(rest % 10) + 0x30)
        rest /= 10
      } while rest > 0
      line.append(contentsOf: digits.reversed())
    }
    func append(_ mark: Mark?) {
      guard let mark else {
        for n in [0, -1, 0, 0] { append(n) }
        return
      }
      append(Int(bitPattern: UInt(mark.inode)))
      append(mark.size)
      append(Int(mark.changeSeconds))
      append(Int(mark.changeNanoseconds))
    }
    append(transactions)
    append(notifications)
    append(Int(bitPattern: UInt(nextId)))
    let crc = CRC32.checksum(line)
    line.append(0x20)
    for shift in stride(from: 28, through: 0, by: -4) {
      line.append(Array("0123456789abcdef".utf8)[Int((crc >> UInt32(shift)) & 0xF)])
    }
    guard line.count < Self.length else { return }
    line += [UInt8](repeating: 0x20, count: Self.length - 1 - line.count) + [0x0A]
    _ = try? POSIXFile.write(fd, line, at: 0, path: "lock")
  }

  /// Removes the seal (`reset`: the logs are gone; `reset` removes the `seal` file too).
  static func clear(_ fd: Int32) {
    try? POSIXFile.truncate(fd, to: 0, path: "lock")
  }

  /// The seal kept in the state's `seal` file, or nil when there is none that reads whole:
  /// read only when the lock file holds none (someone deleted `lock`, thinking it stale).
  package static func read(in folder: Folder?) -> LogSeal? {
    guard let folder, let fd = try? folder.open(StateDirectory.Name.seal, .readOnly) else { return nil }
    defer { POSIXFile.close(fd) }
    return read(fd)
  }

  /// Writes the seal into the lock file `lock` (where every command reads it at no cost)
  /// and into the `seal` file beside the logs, so that it survives the loss of `lock`: ids
  /// are never given twice, and a cut log is still seen, whichever of the two is removed.
  /// Costs four system calls a commit (`openat`, `fstat`, `pwrite`, `close`). Best effort,
  /// as `write(_:)`.
  package func write(_ lock: Int32, in folder: Folder?) {
    write(lock)
    guard let folder, let fd = try? folder.open(StateDirectory.Name.seal, [.writeOnly, .create]) else { return }
    write(fd)
    POSIXFile.close(fd)
  }
}
