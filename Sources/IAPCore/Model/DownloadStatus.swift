/// One file or folder of a product's hosted content, as it was when the download started.
package struct ContentEntry: Equatable, Sendable {
  /// Relative to the content's root, `/`-separated.
  package var path: String
  package var isDirectory: Bool
  /// Bytes (0 for a folder).
  package var size: Int
  /// SHA-256 of the bytes, lowercase hex ("" for a folder): what the copy is checked against.
  package var sha256: String

  package init(path: String, isDirectory: Bool = false, size: Int = 0, sha256: String = "") {
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
package struct DownloadStatus: Equatable, Sendable {
  package var productId: String
  /// The transaction whose content this is (`SKDownload.transaction`).
  package var transactionId: UInt64
  package var account: String
  package var device: String
  /// The catalog's `content` path it was copied from.
  package var content: String
  package var state: DownloadState
  /// Bytes copied, synced and recorded: a restart continues here.
  package var bytes: Int
  /// The content's files and folders, sorted by path.
  package var entries: [ContentEntry]
  /// Why it failed, when `state` is `failed`.
  package var error: String?
  /// The process copying it, when one was started (informational: `flock` says whether it runs).
  package var pid: Int32?

  package init(
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
  package var total: Int { entries.reduce(0) { $0 + $1.size } }

  /// `SKDownload.progress` as a whole percentage, rounded down so that 100 means complete.
  package var percent: Int {
    let total = self.total
    if total == 0 { return state == .finished ? 100 : 0 }
    return Int(Int64(min(bytes, total)) * 100 / Int64(total))
  }

  /// The files (not folders) of the content, in copy order.
  package var files: [ContentEntry] { entries.filter { !$0.isDirectory } }

  /// Where byte `offset` of the content falls: the index into `files` and the offset within
  /// that file. At the end of a file, the next file at 0; past the last, `files.count`.
  package func position(of offset: Int) -> (file: Int, offset: Int) {
    var remaining = offset
    let files = self.files
    for (index, file) in files.enumerated() {
      if remaining < file.size { return (index, remaining) }
      remaining -= file.size
    }
    return (files.count, 0)
  }
}
