import IAPCore
import IAPKit
import IAPFormats

/// How downloads look: status lines and objects, the progress bar, JSON progress events.
enum DownloadView {
  /// What a status line and object show: the recorded status, whether a process copies it
  /// (`active` with none was interrupted: Ctrl-C, kill, a crash), where finished content is.
  typealias Shown = DownloadListing

  /// The state as people read it: `interrupted` for an active download no process runs.
  static func stateName(_ shown: Shown) -> String {
    shown.status.state == .active && !shown.running ? "interrupted" : shown.status.state.rawValue
  }

  /// One aligned line per download.
  static func lines(_ downloads: [Shown]) -> [String] {
    var table = TextTable()
    for shown in downloads {
      let s = shown.status
      let amount = s.state == .waiting ? "" : "\(byteCount(s.bytes)) / \(byteCount(s.total))"
      var notes = ["transaction #\(s.transactionId)"]
      if let path = shown.path { notes.append(path) }
      if let error = s.error, s.state == .failed { notes.append("error: \(error)") }
      table.append([s.productId, stateName(shown), percent(s), amount, notes.joined(separator: "  ")])
    }
    return table.lines
  }

  /// `{"downloads": [...]}`.
  static func document(_ downloads: [Shown]) -> JSONValue {
    .object([("downloads", .array(downloads.map(json)))])
  }

  static func json(_ shown: Shown) -> JSONValue {
    let s = shown.status
    return .object([
      ("productId", .string(s.productId)),
      ("transactionId", .string(String(s.transactionId))),
      ("state", .string(s.state.rawValue)),
      ("running", .bool(shown.running)),
      ("bytes", .int(Int64(s.bytes))),
      ("total", s.state == .waiting ? .null : .int(Int64(s.total))),
      ("percent", .int(Int64(s.percent))),
      ("path", .optional(shown.path)),
      ("error", .optional(s.error)),
    ])
  }

  /// One progress event: a compact object for a JSON-lines stream.
  /// - Parameter extra: members after the common ones (`secondsRemaining`, `path`, `error`).
  static func event(_ name: String, _ s: DownloadStatus, _ extra: [(String, JSONValue)] = []) -> String {
    JSONWriter.compact(.object([
      ("event", .string(name)), ("productId", .string(s.productId)), ("transactionId", .string(String(s.transactionId))),
      ("bytes", .int(Int64(s.bytes))), ("total", .int(Int64(s.total))), ("percent", .int(Int64(s.percent))),
    ] + extra))
  }

  /// `sword  [#########-----------]  45%  1.4 MB / 3.1 MB  2s left`, to redraw with `\r`.
  static func bar(_ s: DownloadStatus, secondsRemaining: Double?, note: String? = nil, width: Int = 24) -> String {
    let filled = s.total == 0 ? width : Int(Int64(width) * Int64(min(s.bytes, s.total)) / Int64(s.total))
    let gauge = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
    let tail = note ?? secondsRemaining.map { "\(duration($0)) left" } ?? ""
    return "\(s.productId)  \(gauge)  \(percent(s))  \(byteCount(s.bytes)) / \(byteCount(s.total))  \(tail)"
  }

  /// `  7%`, ` 45%`, `100%`: right-aligned, so that a column of them lines up.
  static func percent(_ s: DownloadStatus) -> String {
    let digits = String(s.percent)
    return String(repeating: " ", count: max(0, 3 - digits.count)) + digits + "%"
  }

  /// A size as people read it, in powers of 1000: `512 B`, `1.4 MB`, `3.0 GB`.
  static func byteCount(_ bytes: Int) -> String {
    if bytes < 1000 { return "\(bytes) B" }
    var value = Double(bytes) / 1000
    for unit in ["KB", "MB", "GB"] {
      // Round as shown, so that 999,999 bytes reads 1.0 MB rather than 1000.0 KB.
      if (value * 10).rounded() < 10_000 || unit == "GB" {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(unit)"
      }
      value /= 1000
    }
    return "\(bytes) B"
  }

  /// `0s`, `42s`, `3m05s`, `1h02m`.
  static func duration(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded(.up))
    if whole < 60 { return "\(whole)s" }
    if whole < 3600 { return "\(whole / 60)m" + pad(whole % 60) + "s" }
    return "\(whole / 3600)h" + pad(whole % 3600 / 60) + "m"
  }

  private static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
