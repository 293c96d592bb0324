import IAPCore
import IAPKit

/// Helpers for commands whose argument is a product with hosted content.
///
/// A download is named by its product id: the state keeps one per product
/// (`downloads/<productId>/`, as `SKDownload.contentURLForProductID:` finds it), and it
/// records the transaction it delivers.
enum DownloadArgument {
  /// The catalog's product `id` with its content path, or why it has none.
  static func contentProduct(_ id: String, _ catalog: Catalog) throws(IAPError) -> (Product, String) {
    guard let product = catalog.product(id) else {
      throw .refused(.noContent(id, why: "it is not in the catalog\(Suggestion.hint(for: id, in: catalog.products.map(\.id)))"))
    }
    guard let content = product.content else {
      let kind = "\(article(product.type)) \(product.type.rawValue)"
      let why = product.type == .nonConsumable
        ? "the catalog gives it no 'content'" : "it is \(kind): only non-consumables have hosted content"
      throw .refused(.noContent(id, why: why))
    }
    return (product, content)
  }

  private static func article(_ type: ProductType) -> String { type == .autoRenewable ? "an" : "a" }

  /// The transaction whose content a download delivers: the newest purchase or restore of
  /// the product waiting in this device's queue, else the purchase that grants it (content
  /// can be downloaded again, on any device, as long as the account owns it).
  static func deliverable(_ productId: String, _ store: Store) -> Transaction? {
    let queued = store.queue.last {
      $0.productId == productId && ($0.state == .purchased || $0.state == .restored) && $0.revocationDate == nil
    }
    return queued ?? store.accountState.ownership[productId]?.latest
  }

  /// The catalog's folder: content paths are relative to it. `shown` is how messages name it
  /// (empty for the working folder).
  static func catalogFolder(_ context: CommandContext) -> (path: String, shown: String) {
    let display = context.workspace.catalogDisplayPath
    let shown = POSIXFile.parentDirectory(of: display)
    return (POSIXFile.parentDirectory(of: context.workspace.resolve(display)), shown == "." ? "" : shown)
  }

  /// What a status line shows of a recorded download. Call under the store's lock.
  static func shown(_ status: DownloadStatus, _ folder: DownloadsFolder) -> DownloadView.Shown {
    DownloadView.Shown(
      status: status, running: status.state == .active || status.state == .paused ? folder.isRunning(status.productId) : false,
      path: status.state == .finished ? folder.contentPath(status.productId) : nil)
  }

  /// The download state of every product with content among `transactions`, for `finish`:
  /// recorded downloads, and `waiting` where none was started. Only transactions that carry
  /// hosted content (recorded when they were made) are looked at, so `finish` reads neither
  /// the catalog nor a status file for the others.
  static func finishingStates(_ transactions: [Transaction], _ context: CommandContext) throws(IAPError) -> [String: DownloadState] {
    let folder = DownloadsFolder(state: context.workspace.stateDirectory)
    var states: [String: DownloadState] = [:]
    for productId in Set(transactions.filter(\.hasDownloads).map(\.productId)) {
      states[productId] = try folder.status(productId)?.state ?? .waiting
    }
    return states
  }
}
