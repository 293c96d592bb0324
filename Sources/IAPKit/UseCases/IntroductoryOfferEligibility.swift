import IAPCore

extension Workspace {
  /// Use case: whether this account may redeem an introductory offer in the group of
  /// subscription `productId` (StoreKit's `isEligibleForIntroOffer`), by the rule the purchase
  /// itself applies (`Store.isEligibleForIntroductoryOffer`).
  package func isEligibleForIntroductoryOffer(_ productId: String) throws(IAPError) -> Bool {
    let catalog = try loadCatalog()
    guard let product = catalog.product(productId), product.type == .autoRenewable else {
      throw .refused(.noSubscription(productId))
    }
    let opened = try openStore(forWriting: false, catalog: catalog)
    return opened.store.isEligibleForIntroductoryOffer(product)
  }
}
