import IAPCore
import IAPFormats
import IAPSystem

/// `history.index`, the index saved in the state folder: read back when it checks out
/// against the log, written when a command's index reached further (`HistoryIndex.open`).
extension HistoryIndex {
  /// The saved index, if there is one that checks out against the log open at `fd`, whose
  /// complete records end at `validEnd`; nil otherwise (missing, damaged, another file's,
  /// or a log that changed under it).
  package static func read(in folder: Folder, log fd: Int32, validEnd: Int) -> HistoryIndex? {
    guard let bytes = try? folder.readIfExists(name), let index = decode(bytes),
      let (device, inode) = identity(of: fd), index.device == device, index.inode == inode, index.end <= validEnd
    else { return nil }
    guard let last = index.last else { return index.end == 0 ? index : nil }
    // The last covered record is still there, whole, just before the covered end.
    guard last.offset + last.length + 1 == index.end, crc(ofRecordAt: last.offset, length: last.length, in: fd) == last.crc
    else { return nil }
    return index
  }

  /// The CRC-32 of the record at `offset` (`length` bytes, without its newline) of the log
  /// open at `fd`; nil when it is not all there or not followed by a newline.
  static func crc(ofRecordAt offset: Int, length: Int, in fd: Int32) -> UInt32? {
    guard let record = try? POSIXFile.read(fd, count: length + 1, at: offset, path: name),
      record.count == length + 1, record.last == 0x0A
    else { return nil }
    return CRC32.checksum(record[..<length])
  }

  /// Saves the index; a failure only means the next `history` reads the whole log. Written
  /// without the exclusive lock (`history` holds the shared one, and the server answers
  /// requests on several threads), so under a temporary name of this writer's own (the
  /// process id and a random number), made afresh (`O_EXCL`) and renamed into place: readers
  /// see the old file or the new. It is not fsynced: what a power cut could leave of it
  /// fails its checksum and is rebuilt.
  ///
  /// The last record's CRC-32 is taken from the log open at `fd` as it is now; a record not
  /// all there leaves no file.
  package func write(in folder: Folder, log fd: Int32) {
    var checked = self
    if let last {
      guard let crc = Self.crc(ofRecordAt: last.offset, length: last.length, in: fd) else { return }
      checked.last = (last.offset, last.length, crc)
    }
    let bytes = checked.encode()
    let temporary = Self.name + ".\(CurrentProcess.id).\(UInt32.random(in: .min ... .max)).tmp"
    try? folder.unlink(temporary)
    do {
      let fd = try folder.open(temporary, [.writeOnly, .create, .exclusive])
      defer { POSIXFile.close(fd) }
      try POSIXFile.write(fd, bytes, at: 0, path: folder.path(temporary))
      try folder.rename(temporary, to: Self.name)
    } catch {
      try? folder.unlink(temporary)
    }
  }

  func encode() -> [UInt8] {
    var out = Self.magic
    func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) } }
    var accounts: [String: UInt32] = [:]
    var names: [String] = []
    for version in latest.values where accounts[version.account] == nil {
      accounts[version.account] = UInt32(names.count)
      names.append(version.account)
    }
    put(device)
    put(inode)
    put(UInt64(end))
    put(UInt64(last?.offset ?? 0))
    put(UInt64(last?.length ?? 0))
    put(last?.crc ?? 0)
    put(UInt32(names.count))
    put(UInt64(latest.count))
    for name in names {
      put(UInt32(name.utf8.count))
      out.append(contentsOf: name.utf8)
    }
    out.reserveCapacity(out.count + latest.count * 24 + 4)
    for (id, version) in latest {
      put(id)
      put(UInt64(version.offset))
      put(UInt32(version.length))
      put(accounts[version.account]! | (version.deleted ? 1 << 31 : 0))
    }
    put(CRC32.checksum(out))
    return out
  }

  /// The index in `bytes`, or nil for anything but a whole, intact one.
  package static func decode(_ bytes: [UInt8]) -> HistoryIndex? {
    guard bytes.count >= magic.count + 56 + 4, bytes.starts(with: magic) else { return nil }
    let body = bytes.count - 4
    var trailer = Reader(bytes: bytes, position: body, end: bytes.count)
    var reader = Reader(bytes: bytes, position: magic.count, end: body)
    guard let stated: UInt32 = trailer.next(), CRC32.checksum(bytes[..<body]) == stated,
      let device: UInt64 = reader.next(), let inode: UInt64 = reader.next(), let end: UInt64 = reader.next(),
      let lastOffset: UInt64 = reader.next(), let lastLength: UInt64 = reader.next(), let lastCRC: UInt32 = reader.next(),
      let accountCount: UInt32 = reader.next(), let count: UInt64 = reader.next(),
      end < 1 << 62, lastOffset < 1 << 62, lastLength < 1 << 62,
      // Each account takes 4 bytes or more and each entry 24: no count beyond what is there.
      Int(accountCount) <= (body - reader.position) / 4, count <= UInt64((body - reader.position) / 24)
    else { return nil }
    var names: [String] = []
    for _ in 0..<accountCount {
      guard let length: UInt32 = reader.next(), let name = reader.take(Int(length)) else { return nil }
      names.append(String(decoding: name, as: UTF8.self))
    }
    var latest: [UInt64: Version] = [:]
    latest.reserveCapacity(Int(count))
    for _ in 0..<count {
      guard let id: UInt64 = reader.next(), let offset: UInt64 = reader.next(), let length: UInt32 = reader.next(),
        let account: UInt32 = reader.next(), Int(account & ~(1 << 31)) < names.count,
        offset < end, UInt64(length) < end - offset  // within what it covers (and no overflow)
      else { return nil }
      latest[id] = (Int(offset), Int(length), names[Int(account & ~(1 << 31))], account & (1 << 31) != 0)
    }
    guard reader.position == body else { return nil }
    let last = end == 0 ? nil : (offset: Int(lastOffset), length: Int(lastLength), crc: lastCRC)
    return HistoryIndex(device: device, inode: inode, end: Int(end), last: last, latest: latest)
  }

  /// Reads little-endian integers and byte runs, refusing to go past `end`.
  private struct Reader {
    let bytes: [UInt8]
    var position: Int
    let end: Int

    mutating func next<T: FixedWidthInteger>() -> T? {
      let size = MemoryLayout<T>.size
      guard position + size <= end else { return nil }
      var value: T = 0
      for i in 0..<size { value |= T(bytes[position + i]) << (8 * i) }
      position += size
      return value
    }

    mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
      guard count >= 0, position + count <= end else { return nil }
      defer { position += count }
      return bytes[position..<(position + count)]
    }
  }
}
