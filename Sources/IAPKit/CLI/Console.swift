#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command's output goes: stdout for data, stderr for diagnostics.
///
/// Commands never print directly; tests build a console that captures both streams.
public final class Console {
  private let writeOut: (String) -> Void
  private let writeErr: (String) -> Void
  /// Whether diagnostics may be coloured: stderr is a terminal and `NO_COLOR` is unset.
  public let colorDiagnostics: Bool
  private var buffer = ""

  public init(out: @escaping (String) -> Void, err: @escaping (String) -> Void, colorDiagnostics: Bool = false) {
    writeOut = out
    writeErr = err
    self.colorDiagnostics = colorDiagnostics
  }

  /// The process's own streams. stdout is buffered (flushed at 64 KiB and at exit), so that
  /// a long `history` does not cost a system call per line.
  public static func standard(environment: Environment) -> Console {
    let color = isatty(2) == 1 && environment.variable("NO_COLOR") == nil && environment.variable("TERM") != "dumb"
    return Console(out: { writeAll(1, $0) }, err: { writeAll(2, $0) }, colorDiagnostics: color)
  }

  /// Writes one line of data to stdout.
  public func line(_ text: String, terminator: String = "\n") {
    buffer += text
    buffer += terminator
    if buffer.utf8.count >= 1 << 16 { flush() }
  }

  /// Writes a JSON document to stdout.
  public func json(_ value: JSONValue) {
    line(JSONWriter.pretty(value))
  }

  /// Writes `error: …` to stderr.
  public func error(_ message: String) {
    flush()
    writeErr((colorDiagnostics ? "\u{1B}[1;31merror:\u{1B}[0m " : "error: ") + message + "\n")
  }

  /// Writes `warning: …` to stderr.
  public func warning(_ message: String) {
    flush()
    writeErr((colorDiagnostics ? "\u{1B}[1;33mwarning:\u{1B}[0m " : "warning: ") + message + "\n")
  }

  /// Writes a plain diagnostic line to stderr.
  public func note(_ message: String) {
    flush()
    writeErr(message + "\n")
  }

  /// Writes `text` to stderr as it is, without a newline: a progress bar that the next call
  /// redraws with `\r`.
  public func redraw(_ text: String) {
    flush()
    writeErr(text)
  }

  /// Sends buffered stdout on.
  public func flush() {
    guard !buffer.isEmpty else { return }
    writeOut(buffer)
    buffer = ""
  }

  private static func writeAll(_ fd: Int32, _ text: String) {
    var bytes = Array(text.utf8)
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + done, $0.count - done) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { return }  // a closed pipe: nothing more to say
      done += n
    }
    bytes.removeAll()
  }
}
