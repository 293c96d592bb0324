#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thin wrappers over the POSIX calls that crash-safe storage needs (`open`, `pwrite`,
/// `fsync`, `rename`, `flock`), which Foundation's `FileManager` does not expose.
package enum POSIXFile {
  /// Opens `path`, returning the descriptor. A symbolic link as the last component is
  /// refused (`ELOOP`) unless `followingLinks`: the state's files are only ever iap's own, and
  /// a link planted in their place must not redirect a write outside the state folder. Only
  /// what the user names as input follows links.
  package static func open(_ path: String, _ flags: OpenFlags, mode: mode_t = 0o600, followingLinks: Bool = false)
    throws(POSIXFileError) -> Int32
  {
    let flags = flags.rawValue | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW)
    while true {
      let fd = systemOpen(path, flags, mode)
      if fd >= 0 { return fd }
      if errno != EINTR { throw POSIXFileError(path: path, operation: "open", code: errno) }
    }
  }

  /// Reads the whole file, or nil when it does not exist.
  package static func readIfExists(_ path: String) throws(POSIXFileError) -> [UInt8]? {
    let fd: Int32
    do { fd = try open(path, .readOnly) } catch { if error.isMissing { return nil }; throw error }
    defer { close(fd) }
    return try readAll(fd, path: path, from: 0)
  }

  /// Reads from `offset` to the end of an open file.
  ///
  /// Every command reads a few small files this way, so the bytes go straight into the
  /// array's storage, sized by `fstat`, not through a zero-filled 64 KB chunk to copy from
  /// (docs/performance.md, "Shapes kept for start-up").
  package static func readAll(_ fd: Int32, path: String, from offset: Int) throws(POSIXFileError) -> [UInt8] {
    var st = stat()
    let expected = fstat(fd, &st) == 0 ? max(0, Int(st.st_size) - offset) : 0
    var position = offset
    var result: [UInt8] = []
    // One byte more than expected, so that a full buffer means the file grew meanwhile.
    var room = expected + 1
    while true {
      let part = try read(fd, count: room, at: position, path: path)
      position += part.count
      if result.isEmpty { result = part } else { result.append(contentsOf: part) }
      if part.count < room { return result }
      room = 1 << 16
    }
  }

  /// Reads from `offset` until `buffer` is full or the file ends, and returns how many bytes
  /// it read: fewer than asked only at the end of the file. The one positioned read of the
  /// package: `pread` may return less than asked (or fail with `EINTR`) and is retried.
  package static func read(
    _ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int, path: String
  ) throws(POSIXFileError) -> Int {
    var done = 0
    while done < buffer.count {
      let n = pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
      if n < 0 {
        if errno == EINTR { continue }
        throw POSIXFileError(path: path, operation: "read", code: errno)
      }
      if n == 0 { break }
      done += n
    }
    return done
  }

  /// `read(_:into:at:path:)` into the first `count` bytes of `buffer` (which has that many), a
  /// buffer kept from one read to the next.
  package static func read(
    _ fd: Int32, into buffer: inout [UInt8], count: Int, at offset: Int, path: String
  ) throws(POSIXFileError) -> Int {
    var failure: POSIXFileError?
    let done = buffer.withUnsafeMutableBytes { bytes in
      do throws(POSIXFileError) {
        return try read(fd, into: UnsafeMutableRawBufferPointer(rebasing: bytes[..<count]), at: offset, path: path)
      } catch {
        failure = error
        return 0
      }
    }
    if let failure { throw failure }
    return done
  }

  /// The `count` bytes at `offset`, or fewer where the file ends first.
  package static func read(_ fd: Int32, count: Int, at offset: Int, path: String) throws(POSIXFileError) -> [UInt8] {
    var failure: POSIXFileError?
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      do throws(POSIXFileError) {
        initialized = try read(fd, into: UnsafeMutableRawBufferPointer(buffer), at: offset, path: path)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    return bytes
  }

  /// Writes all of `bytes` at `offset`.
  package static func write(_ fd: Int32, _ bytes: [UInt8], at offset: Int, path: String) throws(POSIXFileError) {
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress! + done, $0.count - done, off_t(offset + done)) }
      if n < 0 {
        if errno == EINTR { continue }
        throw POSIXFileError(path: path, operation: "write", code: errno)
      }
      done += n
    }
  }

  /// Closes a descriptor this process opened (releasing any `flock` it holds).
  package static func close(_ fd: Int32) {
    _ = systemClose(fd)
  }

  /// Flushes the file to stable storage.
  package static func sync(_ fd: Int32, path: String) throws(POSIXFileError) {
    if fsync(fd) != 0 { throw POSIXFileError(path: path, operation: "fsync", code: errno) }
  }

  /// Cuts (or extends with zeros) an open file to `size` bytes (`ftruncate`).
  package static func truncate(_ fd: Int32, to size: Int, path: String) throws(POSIXFileError) {
    if ftruncate(fd, off_t(size)) != 0 { throw POSIXFileError(path: path, operation: "truncate", code: errno) }
  }

  /// A second descriptor for the same open file (`dup`): it shares the offset and any
  /// `flock`, and is closed on its own.
  package static func duplicate(_ fd: Int32) throws(Errno) -> Int32 {
    let copy = dup(fd)
    guard copy >= 0 else { throw .current }
    return copy
  }

  /// Removes the file at `path` (`unlink`), as far as it can: for taking back a file the
  /// caller made itself, where a failure leaves nothing to do.
  package static func removeFile(_ path: String) {
    _ = unlink(path)
  }

  /// Size of an open file in bytes.
  package static func size(_ fd: Int32, path: String) throws(POSIXFileError) -> Int {
    var st = stat()
    if fstat(fd, &st) != 0 { throw POSIXFileError(path: path, operation: "stat", code: errno) }
    return Int(st.st_size)
  }

  /// Writes `bytes` to the open temporary file, fsyncs it, renames it over `path` and fsyncs
  /// the folder; on failure the temporary file is removed. Closes `fd`.
  static func renameIntoPlace(
    _ fd: Int32, _ temporary: String, _ path: String, _ bytes: [UInt8], directory: String
  ) throws(POSIXFileError) {
    do {
      try write(fd, bytes, at: 0, path: temporary)
      try sync(fd, path: temporary)
    } catch {
      close(fd)
      unlink(temporary)
      throw error
    }
    close(fd)
    if rename(temporary, path) != 0 {
      let code = errno
      unlink(temporary)
      throw POSIXFileError(path: path, operation: "rename", code: code)
    }
    try syncDirectory(directory)
  }

  /// Makes a rename or a file creation in `directory` durable.
  package static func syncDirectory(_ directory: String) throws(POSIXFileError) {
    let fd = try open(directory, [.readOnly, .directory], followingLinks: true)
    defer { close(fd) }
    try sync(fd, path: directory)
  }

  /// Creates `path` (and missing parents) with owner-only permissions; fine if it exists as
  /// a folder, refused (`ENOTDIR`) if a symbolic link stands there, even to a folder: what is
  /// written inside must stay inside.
  package static func makeDirectory(_ path: String) throws(POSIXFileError) {
    if mkdir(path, 0o700) == 0 || errno == EEXIST {
      var st = stat()
      if lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR { return }
      throw POSIXFileError(path: path, operation: "mkdir", code: ENOTDIR)
    }
    guard errno == ENOENT else { throw POSIXFileError(path: path, operation: "mkdir", code: errno) }
    let parent = parentDirectory(of: path)
    guard parent != path, !parent.isEmpty else { throw POSIXFileError(path: path, operation: "mkdir", code: ENOENT) }
    try makeDirectory(parent)
    if mkdir(path, 0o700) != 0 && errno != EEXIST {
      throw POSIXFileError(path: path, operation: "mkdir", code: errno)
    }
  }

  /// Whether something exists at `path`.
  package static func exists(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0
  }

  /// `path` with symbolic links, `.` and `..` resolved, or `path` itself when it cannot be
  /// (it does not exist, say).
  package static func canonicalPath(_ path: String) -> String {
    resolvedPath(path) ?? path
  }

  /// `path` with symbolic links, `.` and `..` resolved (`realpath`), or nil when it cannot
  /// be (it does not exist, say).
  package static func resolvedPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The folder part of a path (`"."` for a bare name).
  package static func parentDirectory(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
  }
}

/// `close(2)` under a name that does not clash with `POSIXFile.close`.
private func systemClose(_ fd: Int32) -> Int32 {
  #if canImport(Glibc)
    Glibc.close(fd)
  #else
    Darwin.close(fd)
  #endif
}

/// `open(2)` under a name that does not clash with `POSIXFile.open`.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
  #if canImport(Glibc)
    Glibc.open(path, flags, mode)
  #else
    Darwin.open(path, flags, mode)
  #endif
}

package extension POSIXFile {
  /// The names in a folder, without `.` and `..`.
  static func directoryEntries(_ path: String) throws(POSIXFileError) -> [String] {
    guard let dir = opendir(path) else { throw POSIXFileError(path: path, operation: "opendir", code: errno) }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}
