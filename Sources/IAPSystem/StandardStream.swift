#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's standard output and standard error, written unbuffered.
package enum StandardStream: Int32, Sendable {
  /// Descriptor 1: data.
  case output = 1
  /// Descriptor 2: diagnostics.
  case error = 2

  /// Whether the stream is a terminal, that is whether a person reads it.
  package var isTerminal: Bool { isatty(rawValue) == 1 }

  /// Writes all of `text`, retrying short writes and `EINTR`. A closed pipe ends the write
  /// silently: there is nobody left to tell.
  package func write(_ text: String) {
    var bytes = Array(text.utf8)
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeMutableBytes { systemWrite(rawValue, $0.baseAddress! + done, $0.count - done) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { return }
      done += n
    }
    bytes.removeAll()
  }
}

/// `write(2)` under a name that does not clash with `StandardStream.write`.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.write(fd, buffer, count)
  #else
    Darwin.write(fd, buffer, count)
  #endif
}
