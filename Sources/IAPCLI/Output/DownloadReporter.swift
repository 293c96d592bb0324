import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

/// Shows a download as it goes: a bar redrawn on a terminal, JSON-lines events on stdout with
/// `--json`, or nothing until the summary line.
final class DownloadReporter: DownloadProgress {
  enum Style {
    /// A one-line bar on stderr, redrawn with `\r`: stderr is a terminal.
    case bar
    /// One compact JSON object a line on stdout, flushed as it happens.
    case json
    /// The summary line only.
    case plain
  }

  let console: Console
  let style: Style
  /// Where finished content is, for the summary, when the caller knows it up front.
  let contentPath: String
  private var drawn = false
  private var lastDraw = -1.0

  init(console: Console, style: Style, contentPath: String = "") {
    self.console = console
    self.style = style
    self.contentPath = contentPath
  }

  func started(_ s: DownloadStatus) {
    emit(DownloadView.event(s.bytes == 0 ? "started" : "resumed", s))
    draw(s, secondsRemaining: nil, force: true)
  }

  func progress(_ s: DownloadStatus, secondsRemaining: Double) {
    emit(DownloadView.event("progress", s, [("secondsRemaining", .double((secondsRemaining * 10).rounded() / 10))]))
    draw(s, secondsRemaining: secondsRemaining, force: s.bytes == s.total)
  }

  func paused(_ s: DownloadStatus) {
    emit(DownloadView.event("paused", s))
    draw(s, secondsRemaining: nil, note: "paused (iap download resume \(s.transactionId))", force: true)
  }

  func resumed(_ s: DownloadStatus) {
    emit(DownloadView.event("resumed", s))
    draw(s, secondsRemaining: nil, force: true)
  }

  /// The end of a download that completed, its content at `path`: the event, or the status
  /// line on stdout.
  func finished(_ s: DownloadStatus, path: String? = nil) {
    clear()
    let path = path ?? contentPath
    if style == .json {
      emit(DownloadView.event("finished", s, [("path", .string(path))]))
    } else {
      DownloadView.lines([DownloadView.Shown(status: s, path: path)]).forEach { console.line($0) }
    }
  }

  /// The end of a download that did not complete (`cancelled`, `failed`, `interrupted`) or an
  /// error, as the last event of the stream. Without a status (the command could not start
  /// the download), the event names the download as the command was given it:
  /// `productId` or `transactionId`.
  func stopped(_ event: String, _ s: DownloadStatus?, address: DownloadAddress, error: IAPError?) {
    clear()
    guard style == .json else { return }
    let extra: [(String, JSONValue)] = error.map { [("error", $0.json)] } ?? []
    if let s {
      emit(DownloadView.event(event, s, extra))
    } else {
      let named: (String, JSONValue)
      switch address {
      case let .product(id): named = ("productId", .string(id))
      case let .transaction(text): named = ("transactionId", .string(text.hasPrefix("#") ? String(text.dropFirst()) : text))
      }
      emit(JSONWriter.compact(.object([("event", .string(event)), named] + extra)))
    }
  }

  /// Takes the bar off the terminal so that the next line starts clean.
  func clear() {
    guard drawn else { return }
    console.redraw("\r\u{1B}[K")
    drawn = false
  }

  private func emit(_ line: String) {
    guard style == .json else { return }
    console.line(line)
    console.flush()
  }

  /// Redraws the bar at most ten times a second, and always when `force`.
  private func draw(_ s: DownloadStatus, secondsRemaining: Double?, note: String? = nil, force: Bool) {
    guard style == .bar else { return }
    let now = Downloader.monotonic()
    guard force || now - lastDraw >= 0.1 else { return }
    lastDraw = now
    console.redraw("\r" + DownloadView.bar(s, secondsRemaining: secondsRemaining, note: note) + "\u{1B}[K")
    drawn = true
  }
}
