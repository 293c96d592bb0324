import IAPCore

/// What removing a product from sale, or putting it back, did.
public struct ProductSaleResult {
  public var productId: String
  public var onSale: Bool
  /// The subscriptions to it that will not renew (removed) or will again (restored): those
  /// still running, of every account.
  public var subscriptions: [Subscription]
}

extension Workspace {
  /// Use case: the developer removes a product from sale (`onSale` false) or puts it back
  /// (App Store Connect's availability). A product the catalog does not have is refused.
  public func setProductOnSale(_ productId: String, _ onSale: Bool) throws(IAPError) -> ProductSaleResult {
    let catalog = try loadCatalog()
    guard catalog.product(productId) != nil else {
      let command = ["products", onSale ? "restore-to-sale" : "remove-from-sale"]
      throw .usage(
        "product '\(productId)' is not in the catalog\(Suggestion.hint(for: productId, in: catalog.products.map(\.id)))", command: command)
    }
    var opened = try openStore(forWriting: true, catalog: catalog)
    do throws(StoreRefusal) {
      if onSale { try opened.store.restoreToSale(productId) } else { try opened.store.removeFromSale(productId) }
    } catch {
      throw .refused(error)
    }
    try opened.commit()
    let running = opened.store.state.accounts.keys.sorted().flatMap { name in
      Array(opened.store.state.accounts[name]?.subscriptions.values ?? [:].values).filter {
        $0.autoRenewProductId == productId && $0.status != .expired && $0.status != .revoked
      }.sorted { $0.group < $1.group }
    }
    return ProductSaleResult(productId: productId, onSale: onSale, subscriptions: running)
  }
}
