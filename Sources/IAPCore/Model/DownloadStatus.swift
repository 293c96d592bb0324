/// One file or folder of a product's hosted content, as it was when the download started.
public struct ContentEntry: Equatable, Sendable {
  /// Relative to the content's root, `/`-separated.
  public var path: String
  public var isDirectory: Bool
  /// Bytes (0 for a folder).
  public var size: Int
  /// SHA-256 of the bytes, lowercase hex ("" for a folder): what the copy is checked against.
  public var sha256: String

  public init(path: String, isDirectory: Bool = false, size: Int = 0, sha256: String = "") {
    self.path = path
    self.isDirectory = isDirectory
    self.size = size
    self.sha256 = sha256
  }
}

/// The record of one product's download: what `downloads/<productId>` is being filled with,
/// for which transaction, and how far it got.
///
/// Files are copied one after another in `entries` order, so one byte count says where the
/// copy stands: `position(of:)` turns it back into a file and an offset.
public struct DownloadStatus: Equatable, Sendable {
  public var productId: String
  /// The transaction whose content this is (`SKDownload.transaction`).
  public var transactionId: UInt64
  public var account: String
  public var device: String
  /// The catalog's `content` path it was copied from.
  public var content: String
  public var state: DownloadState
  /// Bytes copied, synced and recorded: a restart continues here.
  public var bytes: Int
  /// The content's files and folders, sorted by path.
  public var entries: [ContentEntry]
  /// Why it failed, when `state` is `failed`.
  public var error: String?
  /// The process copying it, when one was started (informational: `flock` says whether it runs).
  public var pid: Int32?

  public init(
    productId: String, transactionId: UInt64, account: String, device: String, content: String,
    state: DownloadState, bytes: Int = 0, entries: [ContentEntry] = [], error: String? = nil, pid: Int32? = nil
  ) {
    self.productId = productId
    self.transactionId = transactionId
    self.account = account
    self.device = device
    self.content = content
    self.state = state
    self.bytes = bytes
    self.entries = entries
    self.error = error
    self.pid = pid
  }

  /// `SKDownload.expectedContentLength`: every file's size.
  public var total: Int { entries.reduce(0) { $0 + $1.size } }

  /// `SKDownload.progress` as a whole percentage, rounded down so that 100 means complete.
  public var percent: Int {
    let total = self.total
    if total == 0 { return state == .finished ? 100 : 0 }
    return Int(Int64(min(bytes, total)) * 100 / Int64(total))
  }

  /// The files (not folders) of the content, in copy order.
  public var files: [ContentEntry] { entries.filter { !$0.isDirectory } }

  /// Where byte `offset` of the content falls: the index into `files` and the offset within
  /// that file. At the end of a file, the next file at 0; past the last, `files.count`.
  public func position(of offset: Int) -> (file: Int, offset: Int) {
    var remaining = offset
    let files = self.files
    for (index, file) in files.enumerated() {
      if remaining < file.size { return (index, remaining) }
      remaining -= file.size
    }
    return (files.count, 0)
  }
}
