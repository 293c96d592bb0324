import IAPCatalog
import IAPCore
import IAPStorage

/// One download as the status shows it: its record, and what only the state folder can tell
/// beyond it.
package struct DownloadListing: Sendable {
  package var status: DownloadStatus
  /// A process is copying it now. `active` with none is a download that was interrupted
  /// (Ctrl-C, kill, a crash).
  package var running: Bool
  /// Where the complete content is, once finished.
  package var path: String?

  package init(status: DownloadStatus, running: Bool = false, path: String? = nil) {
    self.status = status
    self.running = running
    self.path = path
  }

  /// A recorded download as it stands. Call under the store's lock, where downloaders are
  /// probed.
  init(recorded status: DownloadStatus, _ folder: DownloadsFolder) {
    self.init(
      status: status, running: status.state == .active || status.state == .paused ? folder.isRunning(status.productId) : false,
      path: status.state == .finished ? folder.contentPath(status.productId) : nil)
  }
}

extension Workspace {
  /// Use case: where downloads stand (`SKDownload.state`, `progress`): the download of what
  /// `address` names, or without one every download of the state and the account's
  /// purchases whose content was never started (`waiting`), by product id.
  package func downloadStatus(_ address: DownloadAddress?) throws(IAPError) -> [DownloadListing] {
    let folder = DownloadsFolder(state: stateDirectory)
    // The open store holds the lock, under which downloaders are probed.
    let opened = try openStore(forWriting: false)
    guard let address else { return try everyDownload(folder, opened) }
    let target = try downloadTarget(address, opened: opened)
    if let status = try IAPError.ofState(folder.status(target.productId)) { return [DownloadListing(recorded: status, folder)] }
    let content = try Self.hostedContent(target.productId, try target.catalog.orLoad(self))
    return [waiting(target.productId, content, try deliverer(target, opened))]
  }

  /// Every recorded download, and the purchases with content never started when the catalog
  /// can say (a missing or broken catalog hides only those).
  private func everyDownload(_ folder: DownloadsFolder, _ opened: OpenedStore) throws(IAPError) -> [DownloadListing] {
    let statuses = try IAPError.ofState(folder.statuses())
    var listed = statuses.map { DownloadListing(recorded: $0, folder) }
    let catalog = try? CatalogLoader.load(path: catalogPath, displayPath: catalogDisplayPath).catalog
    for product in catalog?.products ?? [] where product.content != nil {
      guard !statuses.contains(where: { $0.productId == product.id }) else { continue }
      let target = DownloadTarget(productId: product.id, transaction: nil, catalog: catalog)
      guard let transaction = try? deliverer(target, opened) else { continue }
      listed.append(waiting(product.id, product.content!, transaction))
    }
    return listed.sorted { $0.status.productId < $1.status.productId }
  }

  /// A download never started (`SKDownloadState.waiting`) of `transaction`'s content.
  func waiting(_ productId: String, _ content: String, _ transaction: Transaction) -> DownloadListing {
    DownloadListing(
      status: DownloadStatus(
        productId: productId, transactionId: transaction.id, account: account, device: device, content: content,
        state: .waiting))
  }
}
