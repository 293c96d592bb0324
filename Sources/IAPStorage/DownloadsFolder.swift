import IAPCore
import IAPFormats
import IAPSystem

/// Where a state folder keeps hosted content: `downloads/<productId>/` holds complete,
/// verified content only (what `SKDownload.contentURL` points at), and `downloading/` the
/// work in progress, per product:
///
/// - `<productId>.json`: the `DownloadStatus`, replaced atomically, and only under the
///   store's exclusive lock, so that a pause or cancel from another process is never lost to
///   a progress update.
/// - `<productId>.lock`: `flock`ed by the process copying the content for as long as it runs,
///   so that a status that says `active` can be told from an interrupted one. It is only
///   claimed and probed under the store's lock, so a probe never makes a claim fail.
/// - `<productId>.partial/`: the copy, renamed to `downloads/<productId>` when complete.
///
/// Every name in `downloading/` ends in a suffix, so no product id can make two of them clash.
package struct DownloadsFolder: Sendable {
  package let state: StateDirectory

  package init(state: StateDirectory) { self.state = state }

  /// The folders' names in the state folder.
  static let contentName = "downloads"
  static let workName = "downloading"

  var contentRoot: String { state.path + "/" + Self.contentName }
  package var workRoot: String { state.path + "/" + Self.workName }
  /// The complete content of a product.
  package func contentPath(_ productId: String) -> String { contentRoot + "/" + productId }
  static func statusName(_ productId: String) -> String { productId + ".json" }
  static func lockName(_ productId: String) -> String { productId + ".lock" }
  package static func partialName(_ productId: String) -> String { productId + ".partial" }

  /// `downloading/`, open; nil when it (or the state folder) does not exist and `create` is
  /// false. Reached from the state folder's descriptor, never through a link.
  package func workFolder(create: Bool) throws(POSIXFileError) -> Folder? {
    try stateFolder(create: create)?.subfolder(Self.workName, create: create)
  }

  /// `downloads/`, open, as `workFolder(create:)`.
  package func contentFolder(create: Bool) throws(POSIXFileError) -> Folder? {
    try stateFolder(create: create)?.subfolder(Self.contentName, create: create)
  }

  /// A download's partial copy, `downloading/<productId>.partial/`, open.
  package func partialFolder(_ productId: String, create: Bool) throws(POSIXFileError) -> Folder? {
    try workFolder(create: create)?.subfolder(Self.partialName(productId), create: create)
  }

  private func stateFolder(create: Bool) throws(POSIXFileError) -> Folder? {
    do { return try state.folder(create: create) } catch {
      throw POSIXFileError(path: state.path, operation: "open", errno: .notPermitted, detail: error.message)
    }
  }

  /// The status of a product's download, or nil if none was started. Needs no lock: the file
  /// is only ever replaced by rename.
  package func status(_ productId: String) throws(StateError) -> DownloadStatus? {
    let path = workRoot + "/" + Self.statusName(productId)
    let bytes: [UInt8]
    do {
      guard let read = try workFolder(create: false)?.readIfExists(Self.statusName(productId)) else { return nil }
      bytes = read
    } catch {
      throw .unreadable(path: path, reason: error.description)
    }
    guard let json = try? JSONParser.parse(bytes) else { throw .unreadable(path: path, reason: "not JSON") }
    let status: DownloadStatus
    do { status = try DownloadStatusRecord.decode(json) } catch {
      throw .unreadable(path: path, reason: "bad or missing '\(error.field)'")
    }
    guard status.productId == productId else { throw .unreadable(path: path, reason: "it is about '\(status.productId)'") }
    return status
  }

  /// Every download of the state, by product id.
  package func statuses() throws(StateError) -> [DownloadStatus] {
    let names: [String]
    do { names = try workFolder(create: false)?.entries() ?? [] } catch {
      throw .unreadable(path: workRoot, reason: error.description)
    }
    var result: [DownloadStatus] = []
    for name in names.sorted() where name.hasSuffix(".json") {
      if let status = try status(String(name.dropLast(5))) { result.append(status) }
    }
    return result
  }

  /// Replaces a download's status atomically. The caller holds the store's exclusive lock.
  package func save(_ status: DownloadStatus) throws(StateError) {
    let text = JSONWriter.compact(DownloadStatusRecord.encode(status)) + "\n"
    do {
      try workFolder(create: true)!.replaceAtomically(Self.statusName(status.productId), with: Array(text.utf8))
    } catch {
      throw .unwritable(path: state.path, reason: error.description)
    }
  }

  /// Runs `body` under the store's lock (just the lock: the store is not loaded), as every
  /// status change and every probe of a downloader must.
  package func withStoreLock<T>(exclusive: Bool, _ body: () throws(StateError) -> T) throws(StateError) -> T {
    guard let (_, fd) = try state.lockedFolder(create: exclusive, exclusive: exclusive, despiteDamage: true) else { return try body() }
    defer { if let fd { POSIXFile.close(fd) } }
    return try body()
  }

  /// Claims a product's download for this process, under the store's exclusive lock: the
  /// descriptor to keep open while copying, or nil when another process is copying it.
  package func claim(_ productId: String) throws(StateError) -> Int32? {
    let fd: Int32
    do {
      fd = try workFolder(create: true)!.open(Self.lockName(productId), [.readWrite, .create])
    } catch {
      throw .unwritable(path: state.path, reason: error.description)
    }
    do { try FileLock.acquire(fd, .exclusive, wait: false) } catch {
      POSIXFile.close(fd)
      return nil
    }
    return fd
  }

  /// Whether a process is copying the product's content now. Call under the store's lock.
  package func isRunning(_ productId: String) -> Bool {
    guard let work = try? workFolder(create: false), let fd = try? work.open(Self.lockName(productId), .readOnly) else {
      return false
    }
    defer { POSIXFile.close(fd) }
    do { try FileLock.acquire(fd, .shared, wait: false) } catch { return true }
    FileLock.release(fd)
    return false
  }

  /// Removes a download's partial copy.
  package func removePartial(_ productId: String) throws(StateError) {
    do { try workFolder(create: false)?.removeTree(Self.partialName(productId)) } catch {
      throw .unwritable(path: state.path, reason: error.description)
    }
  }
}
