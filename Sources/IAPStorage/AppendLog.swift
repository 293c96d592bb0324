import IAPCore
import IAPFormats
import IAPSystem

/// An append-only file of JSON lines, one record a line, that survives crashes.
///
/// Complete lines are records. A last line without its newline is a write cut short by a
/// crash: the command that made it never reported success, so it is skipped when reading and
/// cut off before the next append.
package struct AppendLog {
  /// The file's name in the state folder.
  let name: String
  /// The file, for messages.
  let path: String
  private(set) var fd: Int32?
  /// Bytes that hold complete records.
  private(set) var validEnd = 0
  /// Bytes in the file.
  private(set) var size = 0

  init(name: String, in folderPath: String) {
    self.name = name
    path = folderPath + "/" + name
  }

  /// Opens the file in `folder`, checking it holds at least the `covered` bytes the snapshot
  /// recorded. A reader of a missing file (or of no folder) gets an empty log.
  mutating func open(in folder: Folder?, writable: Bool, covered: Int) throws(StateError) {
    do throws(POSIXFileError) {
      guard let folder else { throw POSIXFileError(path: path, operation: "open", errno: .noSuchFile) }
      fd = try folder.open(name, writable ? [.readWrite, .create] : .readOnly)
      size = try POSIXFile.size(fd!, path: path)
    } catch {
      if error.isMissing && !writable {
        if covered > 0 { throw .unreadable(path: path, reason: "missing, but store.json records \(covered) bytes") }
        return
      }
      throw writable ? .unwritable(path: path, reason: error.description) : .unreadable(path: path, reason: error.description)
    }
    if covered > size {
      throw .unreadable(path: path, reason: "it holds \(size) bytes but store.json records \(covered)")
    }
    validEnd = covered
  }

  /// The same log, read through a descriptor of its own (`dup`), which the copy closes.
  func duplicate() throws(StateError) -> AppendLog {
    var copy = self
    guard let fd else { return copy }
    do { copy.fd = try POSIXFile.duplicate(fd) } catch {
      throw .unreadable(path: path, reason: POSIXFileError(path: path, operation: "dup", errno: error).description)
    }
    return copy
  }

  /// Closes the file, once: a second call does nothing.
  mutating func close() {
    if let fd { POSIXFile.close(fd) }
    fd = nil
  }

  /// Decodes each complete line from `offset` on (up to `end`, if given) with `decode` and
  /// hands it to `body`, in order, until `body` answers false; returns the bytes the lines
  /// handed over take.
  ///
  /// - Parameter quick: reads a record straight from its bytes when it can (see
  ///   `RecordLine.decode`).
  @discardableResult
  func scan<Record>(
    from offset: Int, to end: Int? = nil, quick: ((ArraySlice<UInt8>) -> Record?)? = nil,
    decode: (JSONValue) throws(RecordError) -> Record, _ body: (Record) -> Bool
  ) throws(StateError) -> Int {
    guard let fd, offset < (end ?? size) else { return 0 }
    var bytes: [UInt8]
    do { bytes = try POSIXFile.readAll(fd, path: path, from: offset) } catch {
      throw .unreadable(path: path, reason: error.description)
    }
    if let end, end - offset < bytes.count { bytes.removeLast(bytes.count - (end - offset)) }
    var start = 0
    while let newline = bytes[start...].firstIndex(of: 0x0A) {
      let record = try RecordLine.decode(bytes[start..<newline], at: offset + start, path: path, quick: quick, decode)
      guard body(record) else { break }
      start = newline + 1
    }
    return start
  }

  /// Hands each complete line from `offset` on (without its newline) and its byte offset to
  /// `body`, in order, until `body` answers false; returns the bytes the lines handed over
  /// take. For readers that need less of a record than its decoding (`body` checks it).
  @discardableResult
  func scanLines(from offset: Int, _ body: (ArraySlice<UInt8>, Int) throws(StateError) -> Bool) throws(StateError) -> Int {
    guard let fd, offset < size else { return 0 }
    let bytes: [UInt8]
    do { bytes = try POSIXFile.readAll(fd, path: path, from: offset) } catch {
      throw .unreadable(path: path, reason: error.description)
    }
    var start = 0
    while let newline = bytes[start...].firstIndex(of: 0x0A) {
      guard try body(bytes[start..<newline], offset + start) else { break }
      start = newline + 1
    }
    return start
  }

  /// Reads every complete line of the file and checks it with `decode`, as `scan` does.
  /// - Returns: where the complete lines end.
  func check<Record>(decode: (JSONValue) throws(RecordError) -> Record) throws(StateError) -> Int {
    guard let fd else { return 0 }
    let bytes: [UInt8]
    do { bytes = try POSIXFile.readAll(fd, path: path, from: 0) } catch {
      throw .unreadable(path: path, reason: error.description)
    }
    var start = 0
    while let newline = bytes[start...].firstIndex(of: 0x0A) {
      _ = try RecordLine.decode(bytes[start..<newline], at: start, path: path, decode)
      start = newline + 1
    }
    return start
  }

  /// Takes back what `append` added since the log held `end` bytes, after a later write of
  /// the same commit failed. Best effort: what cannot be cut is ignored on load anyway.
  mutating func rollBack(to end: Int) {
    // A failed `append` may have written part of its bytes without counting them.
    guard let fd, end <= validEnd else { return }
    try? POSIXFile.truncate(fd, to: end, path: path)
    validEnd = end
    size = end
  }

  /// Takes in the complete records found beyond the covered bytes.
  mutating func cover(_ bytes: Int) { validEnd += bytes }

  /// Appends `lines` after the last complete record (cutting off a torn one), and fsyncs
  /// unless `sync` is false.
  mutating func append(_ lines: [UInt8], in folder: Folder, sync: Bool = true) throws(POSIXFileError) {
    guard let fd, !lines.isEmpty else { return }
    if validEnd < size { try POSIXFile.truncate(fd, to: validEnd, path: path) }
    try POSIXFile.write(fd, lines, at: validEnd, path: path)
    if sync { try POSIXFile.sync(fd, path: path) }
    // The file's first bytes: make its creation durable too.
    if validEnd == 0 { try folder.sync() }
    validEnd += lines.count
    size = validEnd
  }

  /// Fsyncs the file: what this or an earlier process appended without syncing.
  func sync() throws(POSIXFileError) {
    guard let fd else { return }
    try POSIXFile.sync(fd, path: path)
  }
}
