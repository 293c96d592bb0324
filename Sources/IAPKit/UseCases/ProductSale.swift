import IAPCore
import IAPStorage

/// What removing a product from sale, or putting it back, did.
package struct ProductSaleResult {
  package var productId: String
  package var onSale: Bool
  /// The subscriptions to it that will not renew (removed) or will again (restored): those
  /// still running, of every account.
  package var subscriptions: [Subscription]
}

extension Workspace {
  /// Use case: the developer removes a product from sale (`onSale` false) or puts it back
  /// (App Store Connect's availability), as the `removed-from-sale` setting records: a
  /// developer's configuration, read where products are offered without loading the store
  /// (`products fetch`), and by the store's renewals. The store's time is run up to now
  /// first, so that renewals already due happen under the availability they were due under.
  /// A product the catalog does not have is refused.
  package func setProductOnSale(_ productId: String, _ onSale: Bool) throws(IAPError) -> ProductSaleResult {
    let catalog = try loadCatalog()
    guard catalog.product(productId) != nil else {
      throw .invalidRequest("product '\(productId)' is not in the catalog\(Suggestion.hint(for: productId, in: catalog.products.map(\.id)))")
    }
    let opened = try openStore(forWriting: true, catalog: catalog)
    try opened.commit()
    var removed = opened.settings.removedFromSale
    // Removing needs it on sale; restoring needs it removed.
    guard removed.contains(productId) == onSale else { throw .refused(.saleUnchanged(productId, onSale: onSale)) }
    if onSale { removed.remove(productId) } else { removed.insert(productId) }
    var overrides = try IAPError.ofState(opened.session.settingsOverrides())
    overrides["removed-from-sale"] = ProductIdList.text(removed)
    try IAPError.ofState(opened.session.saveSettings(overrides))
    let running = opened.store.state.accounts.keys.sorted().flatMap { name in
      Array(opened.store.state.accounts[name]?.subscriptions.values ?? [:].values).filter {
        $0.autoRenewProductId == productId && $0.status != .expired && $0.status != .revoked
      }.sorted { $0.group < $1.group }
    }
    return ProductSaleResult(productId: productId, onSale: onSale, subscriptions: running)
  }
}
