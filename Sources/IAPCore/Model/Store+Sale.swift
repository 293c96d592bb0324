public extension Store {
  /// Whether the developer has the product on sale (not removed with `removeFromSale`).
  func isOnSale(_ productId: String) -> Bool { !state.productsOffSale.contains(productId) }

  /// The developer removes a product from sale (App Store Connect's availability): it is no
  /// longer offered (products requests leave it out, purchases fail), and subscriptions to it
  /// run to the end of their period, then expire with `expirationIntent` 4 (Apple's
  /// `ExpirationReason.productUnavailable`) and EXPIRED PRODUCT_NOT_FOR_SALE. What customers
  /// bought stays theirs.
  mutating func removeFromSale(_ productId: String) throws(StoreRefusal) {
    guard isOnSale(productId) else { throw .saleUnchanged(productId, onSale: false) }
    record(.productSale(productId: productId, onSale: false))
  }

  /// Puts a product removed from sale back on sale: subscriptions that have not expired yet
  /// renew again.
  mutating func restoreToSale(_ productId: String) throws(StoreRefusal) {
    guard !isOnSale(productId) else { throw .saleUnchanged(productId, onSale: true) }
    record(.productSale(productId: productId, onSale: true))
  }
}
