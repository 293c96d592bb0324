#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why an input could not be read.
package enum InputFileError: Error, Sendable {
  /// Not a regular file or a pipe: a device, a socket, a folder (`reason` says which).
  case unusable(String)
  /// Longer than `InputFile.limit`.
  case tooLarge
  /// The read itself failed.
  case failed(POSIXFileError)

  /// In words, for messages that name the file first.
  package var reason: String {
    switch self {
    case let .unusable(reason): return reason
    case .tooLarge: return "longer than \(InputFile.limit >> 20) MiB, the most iap reads from one input"
    case let .failed(error): return "cannot be read (\(error))"
    }
  }
}

/// The files users name as input (catalogs, `.storekit` files, `--ids-from` lists, receipt
/// data) and standard input, read with bounds: at most `limit` bytes, and only from regular
/// files and pipes. `/dev/zero` as a catalog would otherwise grow memory without end, and a
/// FIFO nobody writes to would block for ever.
package enum InputFile {
  /// The most bytes read from one input: 64 MiB, far above any real catalog (a 10,000-product
  /// catalog is about 3 MiB).
  package static let limit = 64 << 20

  /// Reads the file at `path`, or nil when it does not exist.
  ///
  /// It is opened without blocking, so that a FIFO with no writer opens at once (and then
  /// reads as empty) rather than waiting for one.
  package static func read(_ path: String, limit: Int = limit) throws(InputFileError) -> [UInt8]? {
    let fd: Int32
    do { fd = try POSIXFile.open(path, [.readOnly, .nonBlocking, .noControllingTerminal], followingLinks: true) } catch {
      if error.isMissing { return nil }
      throw .failed(error)
    }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0 else { throw .failed(POSIXFileError(path: path, operation: "fstat", code: errno)) }
    switch st.st_mode & S_IFMT {
    case S_IFREG:
      guard Int(st.st_size) <= limit else { throw .tooLarge }
    case S_IFIFO:
      break
    case S_IFDIR: throw .unusable("is a folder, not a file")
    case S_IFCHR, S_IFBLK: throw .unusable("is a device, not a file")
    default: throw .unusable("is not a regular file or a pipe")
    }
    // Reads block again from here: a pipe with a writer is waited for, as a shell user expects.
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    return try read(stream: fd, path: path, limit: limit)
  }

  /// Reads an open descriptor (standard input) to its end, failing past `limit` bytes.
  package static func read(stream fd: Int32, path: String, limit: Int = limit) throws(InputFileError) -> [UInt8] {
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { Glibc_read(fd, $0.baseAddress!, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw .failed(POSIXFileError(path: path, operation: "read", code: errno))
      }
      if n == 0 { return result }
      guard result.count + n <= limit else { throw .tooLarge }
      result.append(contentsOf: chunk[0..<n])
    }
  }
}

/// `read(2)` under a name that does not clash with `InputFile.read`.
private func Glibc_read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    return Glibc.read(fd, buffer, count)
  #else
    return Darwin.read(fd, buffer, count)
  #endif
}
