import IAPCatalog
import IAPCore
import IAPStorage

/// How a download is named: by a transaction, as everything else a purchase brought is, or by
/// its product, whose download it is (the state keeps one per product, in
/// `downloads/<productId>/`, as `SKDownload.contentURLForProductID:` finds it).
///
/// `#7` or an all-digit argument names a transaction. A catalog's product id may be all digits
/// too (letters, digits, '.', '_' and '-' are allowed), so such an argument is a transaction
/// first, and names the product only when the account has no transaction of that id and the
/// catalog has a product of it. Anything else names a product.
package enum DownloadAddress: Equatable, Sendable {
  /// A transaction id as given (a leading `#` is allowed).
  case transaction(String)
  /// A product id.
  case product(String)

  package init(_ argument: String) {
    let digits = argument.hasPrefix("#") ? argument.dropFirst() : Substring(argument)
    let isNumber = !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    self = argument.hasPrefix("#") || isNumber ? .transaction(argument) : .product(argument)
  }
}

/// The download a use case acts on, once its address is resolved.
struct DownloadTarget {
  /// Whose download it is.
  let productId: String
  /// The transaction it was named by (latest version), checked to deliver the product's
  /// content; nil when it was named by its product.
  let transaction: Transaction?
  /// The catalog, when resolving needed it or the caller had it: loaded once per command.
  let catalog: Catalog?
}

extension Workspace {
  /// Resolves `address`. A transaction must be one of the account's (else
  /// `unknownTransaction`, as every command that takes a transaction id says), its product
  /// must have hosted content (else `noContent`, naming the product: a recorded download of
  /// it says it has without reading the catalog), and it must be a purchase or restore that
  /// the account still owns (`wrongState`, `notOwned`). A product is taken as it is: the use
  /// cases check it as they always did.
  ///
  /// - Parameters:
  ///   - catalog: the catalog, when the use case loaded it: content is then checked there.
  ///   - opened: the state, when the use case has it open; else it is opened (shared) and
  ///     released before this returns.
  func downloadTarget(_ address: DownloadAddress, catalog: Catalog? = nil, opened: OpenedStore? = nil) throws(IAPError)
    -> DownloadTarget
  {
    let text: String
    switch address {
    case let .product(id): return DownloadTarget(productId: id, transaction: nil, catalog: catalog)
    case let .transaction(given): text = given
    }
    let opened = try opened.orOpen(self, catalog: catalog)
    let number = UInt64(text.hasPrefix("#") ? String(text.dropFirst()) : text)
    guard let number, let transaction = try deliveringTransaction(number, opened) else {
      // An all-digit product id, when no transaction has that id.
      if !text.hasPrefix("#"), let known = catalog ?? quietCatalog(), known.product(text) != nil {
        return DownloadTarget(productId: text, transaction: nil, catalog: catalog)
      }
      throw .refused(.unknownTransaction(number.map { String($0) } ?? text))
    }
    let productId = transaction.productId
    var catalog = catalog
    if catalog == nil, try IAPError.ofState(DownloadsFolder(state: stateDirectory).status(productId)) == nil {
      catalog = try loadCatalog()
    }
    if let catalog { _ = try Self.hostedContent(productId, catalog) }
    try Self.checkDelivers(transaction, opened.store)
    return DownloadTarget(productId: productId, transaction: transaction, catalog: catalog)
  }

  /// The transaction whose content a download of `target` delivers, in the state as `opened`
  /// has it now: the one it was named by, checked again, or for a product the newest purchase
  /// or restore of it waiting in this device's queue, else the purchase that grants it
  /// (content can be downloaded again, on any device, as long as the account owns it).
  func deliverer(_ target: DownloadTarget, _ opened: OpenedStore) throws(IAPError) -> Transaction {
    let store = opened.store
    if let named = target.transaction {
      guard let transaction = try deliveringTransaction(named.id, opened) else {
        throw .refused(.unknownTransaction(String(named.id)))
      }
      try Self.checkDelivers(transaction, store)
      return transaction
    }
    let productId = target.productId
    let queued = store.queue.last {
      $0.productId == productId && ($0.state == .purchased || $0.state == .restored) && $0.revocationDate == nil
    }
    guard let transaction = queued ?? store.accountState.ownership[productId]?.latest else {
      throw .refused(.notOwned(productId, account: account))
    }
    return transaction
  }

  /// The catalog's content path of product `id`, or why it has none.
  static func hostedContent(_ id: String, _ catalog: Catalog) throws(IAPError) -> String {
    guard let product = catalog.product(id) else {
      throw .refused(.noContent(id, why: "it is not in the catalog\(Suggestion.hint(for: id, in: catalog.products.map(\.id)))"))
    }
    guard let content = product.content else {
      let kind = "\(product.type == .autoRenewable ? "an" : "a") \(product.type.rawValue)"
      let why = product.type == .nonConsumable
        ? "the catalog gives it no 'content'" : "it is \(kind): only non-consumables have hosted content"
      throw .refused(.noContent(id, why: why))
    }
    return content
  }

  /// The download state of every product with content among `transactions`, for finishing
  /// them: recorded downloads, and `waiting` where none was started. Only transactions that
  /// carry hosted content (recorded when they were made) are looked at, so finishing reads
  /// neither the catalog nor a status file for the others.
  package func hostedContentStates(of transactions: [Transaction]) throws(IAPError) -> [String: DownloadState] {
    let folder = DownloadsFolder(state: stateDirectory)
    var states: [String: DownloadState] = [:]
    for productId in Set(transactions.filter(\.hasDownloads).map(\.productId)) {
      states[productId] = try IAPError.ofState(folder.status(productId)?.state) ?? .waiting
    }
    return states
  }

  /// Transaction `id` of this account, latest version: from the queue or what the account
  /// owns when it is there (no history read), else from the history.
  private func deliveringTransaction(_ id: UInt64, _ opened: OpenedStore) throws(IAPError) -> Transaction? {
    let store = opened.store
    if let queued = store.queue.first(where: { $0.id == id }) { return queued }
    if let owned = store.accountState.ownership.values.first(where: { $0.latest.id == id }) { return owned.latest }
    return try IAPError.ofState(opened.session.transaction(id, account: account))
  }

  /// A transaction delivers its product's content when it is a purchase or restore, not
  /// refunded, of a product the account owns.
  private static func checkDelivers(_ transaction: Transaction, _ store: Store) throws(IAPError) {
    guard transaction.state == .purchased || transaction.state == .restored else {
      throw .refused(.wrongState(transaction.id, transaction.state, "only a purchase or restore delivers hosted content"))
    }
    guard transaction.revocationDate == nil, store.accountState.ownership[transaction.productId] != nil else {
      throw .refused(.notOwned(transaction.productId, account: store.account))
    }
  }

  /// The catalog without its warnings, or nil when it cannot be read: only to tell whether an
  /// all-digit argument is a product id.
  private func quietCatalog() -> Catalog? {
    try? CatalogLoader.load(path: catalogPath, displayPath: catalogDisplayPath).catalog
  }
}

extension OpenedStore? {
  /// This open store, or the workspace's state opened now for reading (released when the
  /// caller lets go of it).
  func orOpen(_ workspace: Workspace, catalog: Catalog?) throws(IAPError) -> OpenedStore {
    if let self { return self }
    return try workspace.openStore(forWriting: false, catalog: catalog)
  }
}

extension Catalog? {
  /// This catalog, or the workspace's, loaded now (with its warnings): each command loads
  /// the catalog once at most.
  func orLoad(_ workspace: Workspace) throws(IAPError) -> Catalog {
    if let self { return self }
    return try workspace.loadCatalog()
  }
}
