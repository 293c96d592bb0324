import IAPCore
import IAPFormats

/// How a download's status file (`downloading/<productId>.json`) is written: one JSON object.
///
/// Ids are decimal strings, as in the transaction log, so that no JSON reader rounds them.
package enum DownloadStatusRecord {
  /// Bumped when the layout changes; an unknown format is reported, never guessed at.
  static let format: Int64 = 1

  static func encode(_ status: DownloadStatus) -> JSONValue {
    let entries = status.entries.map { entry -> JSONValue in
      if entry.isDirectory { return .object([("path", .string(entry.path)), ("directory", .bool(true))]) }
      return .object([("path", .string(entry.path)), ("size", .int(Int64(entry.size))), ("sha256", .string(entry.sha256))])
    }
    return .object([
      ("format", .int(format)),
      ("productId", .string(status.productId)),
      ("transactionId", .string(String(status.transactionId))),
      ("account", .string(status.account)),
      ("device", .string(status.device)),
      ("content", .string(status.content)),
      ("state", .string(status.state.rawValue)),
      ("bytes", .int(Int64(status.bytes))),
      ("total", .int(Int64(status.total))),
      ("error", .optional(status.error)),
      ("pid", status.pid.map { .int(Int64($0)) } ?? .null),
      ("entries", .array(entries)),
    ])
  }

  /// Reads a status back; the error names the first field that is wrong.
  package static func decode(_ json: JSONValue) throws(RecordError) -> DownloadStatus {
    func string(_ key: String) throws(RecordError) -> String {
      guard let value = json[key]?.stringValue else { throw RecordError(field: key) }
      return value
    }
    func count(_ value: JSONValue?, _ field: String) throws(RecordError) -> Int {
      guard let n = value?.intValue, n >= 0, let exact = Int(exactly: n) else { throw RecordError(field: field) }
      return exact
    }
    guard json["format"]?.intValue == format else { throw RecordError(field: "format") }
    guard let transactionId = UInt64(try string("transactionId")) else { throw RecordError(field: "transactionId") }
    guard let state = DownloadState(rawValue: try string("state")) else { throw RecordError(field: "state") }
    guard let items = json["entries"]?.arrayValue else { throw RecordError(field: "entries") }
    var entries: [ContentEntry] = []
    for item in items {
      guard let path = item["path"]?.stringValue, (try? ContentPath.components(path)) != nil else {
        throw RecordError(field: "entries.path")
      }
      if item["directory"]?.boolValue == true {
        entries.append(ContentEntry(path: path, isDirectory: true))
        continue
      }
      guard let sha = item["sha256"]?.stringValue, sha.count == 64 else { throw RecordError(field: "entries.sha256") }
      entries.append(ContentEntry(path: path, size: try count(item["size"], "entries.size"), sha256: sha))
    }
    var error: String?
    if let value = json["error"], value != .null {
      guard let text = value.stringValue else { throw RecordError(field: "error") }
      error = text
    }
    var pid: Int32?
    if let value = json["pid"], value != .null {
      guard let n = value.intValue, let exact = Int32(exactly: n) else { throw RecordError(field: "pid") }
      pid = exact
    }
    let status = DownloadStatus(
      productId: try string("productId"), transactionId: transactionId, account: try string("account"),
      device: try string("device"), content: try string("content"), state: state, bytes: try count(json["bytes"], "bytes"),
      entries: entries, error: error, pid: pid)
    guard status.bytes <= status.total else { throw RecordError(field: "bytes") }
    return status
  }
}
