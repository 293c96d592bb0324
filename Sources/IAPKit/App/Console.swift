import IAPFormats
import IAPSystem

/// Where a command's output goes: stdout for data, stderr for diagnostics.
///
/// Commands never print directly; tests build a console that captures both streams.
package final class Console {
  private let writeOut: (String) -> Void
  private let writeErr: (String) -> Void
  /// Whether diagnostics may be coloured: stderr is a terminal and `NO_COLOR` is unset.
  package let colorDiagnostics: Bool
  /// `--quiet`: warnings and notes are not shown; errors always are.
  package var quiet = false
  /// Whether stdout and stderr are both terminals: a person reads the output, so an empty
  /// listing is said (`emptyListing`) and long work shows progress. Asked of the streams on
  /// first use: most commands never ask, and start-up makes no system call it needn't.
  package var interactive: Bool {
    if let known = interactiveKnown { return known }
    let found = isInteractive()
    interactiveKnown = found
    return found
  }
  private var interactiveKnown: Bool?
  private var isInteractive: () -> Bool
  private var buffer = ""
  /// Whether `progressLine` left a line on stderr that the next output must take away.
  private var progressShown = false

  package init(
    out: @escaping (String) -> Void, err: @escaping (String) -> Void, colorDiagnostics: Bool = false, interactive: Bool = false
  ) {
    writeOut = out
    writeErr = err
    self.colorDiagnostics = colorDiagnostics
    isInteractive = { interactive }
  }

  /// The process's own streams. stdout is buffered (flushed at 64 KiB and at exit), so that
  /// a long `history` does not cost a system call per line.
  package static func standard(environment: Environment) -> Console {
    standard(environment: environment, colorDiagnostics: colorsDiagnostics(environment: environment))
  }

  /// The process's own streams, with diagnostics in color or not as the caller already knows
  /// (the server makes a console per request, and asks the terminal once).
  package static func standard(environment: Environment, colorDiagnostics color: Bool) -> Console {
    let console = Console(out: { StandardStream.output.write($0) }, err: { StandardStream.error.write($0) }, colorDiagnostics: color)
    console.isInteractive = { StandardStream.output.isTerminal && StandardStream.error.isTerminal }
    return console
  }

  /// Whether diagnostics go in color: stderr is a terminal, and neither `NO_COLOR` nor
  /// `TERM=dumb` says otherwise.
  package static func colorsDiagnostics(environment: Environment) -> Bool {
    StandardStream.error.isTerminal && environment.variable("NO_COLOR") == nil && environment.variable("TERM") != "dumb"
  }

  /// Writes one line of data to stdout.
  package func line(_ text: String, terminator: String = "\n") {
    buffer += text
    buffer += terminator
    if buffer.utf8.count >= 1 << 16 { flush() }
  }

  /// Writes a JSON document to stdout.
  package func json(_ value: JSONValue) {
    line(JSONWriter.pretty(value))
  }

  /// Writes `error: …` to stderr.
  package func error(_ message: String) {
    flush()
    writeErr((colorDiagnostics ? "\u{1B}[1;31merror:\u{1B}[0m " : "error: ") + Self.oneLine(message) + "\n")
  }

  /// Writes `warning: …` to stderr.
  package func warning(_ message: String) {
    guard !quiet else { return }
    flush()
    writeErr((colorDiagnostics ? "\u{1B}[1;33mwarning:\u{1B}[0m " : "warning: ") + Self.oneLine(message) + "\n")
  }

  /// Writes a plain diagnostic line to stderr.
  package func note(_ message: String) {
    guard !quiet else { return }
    flush()
    writeErr(message + "\n")
  }

  /// Says on stderr that a listing has nothing in it (`no unfinished transactions`), on a
  /// terminal only: piped, stdout stays empty and stderr silent, as scripts expect of an
  /// empty result. Not with `--quiet`.
  package func emptyListing(_ message: String) {
    guard interactive else { return }
    note(message)
  }

  /// Writes a line that belongs to an error (a usage line, a hint): shown even with `--quiet`.
  package func detail(_ message: String) {
    flush()
    writeErr(Self.oneLine(message) + "\n")
  }

  /// `message` with line breaks and other control characters escaped (`\n`, `\u{1B}`).
  ///
  /// Diagnostics quote what the user gave (an argument, a path, a catalog key), and a
  /// newline or an escape sequence in that must not break the one-line-per-problem contract
  /// nor drive the terminal. Found by fuzzing (scripts/fuzz arguments, catalog).
  static func oneLine(_ message: String) -> String {
    func isControl(_ v: UInt32) -> Bool { v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 }
    guard message.unicodeScalars.contains(where: { isControl($0.value) && $0 != "\t" }) else { return message }
    var result = ""
    for scalar in message.unicodeScalars {
      switch scalar {
      case "\t": result += "\t"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case _ where isControl(scalar.value): result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Writes `text` to stderr as it is, without a newline: a progress bar that the next call
  /// redraws with `\r`.
  package func redraw(_ text: String) {
    flush()
    writeErr(text)
  }

  /// Replaces the progress line on stderr with `text` (empty: takes it away), after taking
  /// the old one off before buffered stdout goes out, so that data lines printed meanwhile
  /// (a clock move's renewals) start at the left margin rather than after the progress.
  package func progressLine(_ text: String) {
    if progressShown {
      writeErr("\r\u{1B}[K")
      progressShown = false
    }
    flush()
    guard !text.isEmpty else { return }
    writeErr(text)
    progressShown = true
  }

  /// Sends buffered stdout on (taking a progress line away first: see `progressLine`).
  package func flush() {
    guard !buffer.isEmpty else { return }
    if progressShown {
      writeErr("\r\u{1B}[K")
      progressShown = false
    }
    writeOut(buffer)
    buffer = ""
  }
}
