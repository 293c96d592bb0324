import IAPFormats

/// A place in one transaction log where a reader of new records resumes: a record boundary of
/// one generation of the log, as an update stream's event id names it.
///
/// An id is only a client's word, so it is checked before anything is read at it: the log must
/// be the same file with the same first record (`generation`), and the bytes just before
/// `offset` must be the end of a record with the same tail (`previous`). A log deleted and made
/// afresh (a reset, a repair, a namespace made again) is another generation even where the
/// file system hands out the same inode, and an offset inside a record is no boundary, so a
/// stale or forged id can never make a reader parse from the middle of a record. Offset 0,
/// the start of every log, is a boundary of every generation.
package struct LogPosition: Equatable, Sendable, CustomStringConvertible {
  /// A checksum of the log file's device and inode and of its first record.
  package var generation: UInt32
  /// Where the next record starts.
  package var offset: Int
  /// A checksum of the tail of the record that ends at `offset` (0 at the start).
  package var previous: UInt32

  /// How much of a record's end `previous` covers: its checksum member and closing bytes,
  /// which differ from one record to the next.
  static let tailLength = 32
  /// How much of the first record `generation` covers at most: enough to take in its times
  /// and ids, which tell two stores' first purchases apart.
  static let headLength = 4_096

  package init(generation: UInt32, offset: Int, previous: UInt32) {
    (self.generation, self.offset, self.previous) = (generation, offset, previous)
  }

  /// The start of a log of any generation.
  package static let start = LogPosition(generation: 0, offset: 0, previous: 0)

  /// As an event id: `generation-offset-previous`, the checksums in hexadecimal.
  package var description: String {
    String(generation, radix: 16) + "-" + String(offset) + "-" + String(previous, radix: 16)
  }

  /// The position an event id names, or nil when `text` is not one.
  package init?(_ text: String) {
    let parts = text.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
    guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 20 }),
      let generation = UInt32(Substring(parts[0]), radix: 16),
      let offset = Int(Substring(parts[1])), offset >= 0,
      let previous = UInt32(Substring(parts[2]), radix: 16)
    else { return nil }
    self.init(generation: generation, offset: offset, previous: previous)
  }

  /// The generation of a log file with this device and inode whose first bytes are `head`
  /// (up to `headLength` of them: the first record's, newline included, or a prefix of it).
  static func generation(device: UInt64, inode: UInt64, head: ArraySlice<UInt8>) -> UInt32 {
    var crc = CRC32.checksum(head)
    withUnsafeBytes(of: (device.littleEndian, inode.littleEndian)) { crc = CRC32.update(crc, $0) }
    return crc
  }

  /// The checksum of a record's tail: the last `tailLength` bytes of `record` and its newline
  /// (`record` without it), or fewer where the record is shorter.
  static func tailChecksum(record: ArraySlice<UInt8>) -> UInt32 {
    var newline = UInt8(ascii: "\n")
    let crc = CRC32.checksum(record.suffix(tailLength - 1))
    return withUnsafeBytes(of: &newline) { CRC32.update(crc, $0) }
  }

  /// `tailChecksum(record:)` of the record that `bytes` end (the bytes just before a position,
  /// at least `tailLength` of them unless the log starts sooner), or nil when they do not end
  /// with a record's newline.
  static func tailChecksum(before bytes: ArraySlice<UInt8>) -> UInt32? {
    guard bytes.last == UInt8(ascii: "\n") else { return nil }
    var record = bytes.dropLast()
    if let newline = record.lastIndex(of: UInt8(ascii: "\n")) { record = record[(newline + 1)...] }
    return tailChecksum(record: record)
  }
}
