import IAPFormats

/// What an account owns of one non-consumable or non-renewing subscription: enough to answer "already bought?", to
/// restore it and to list entitlements, kept in the snapshot so that none of these needs the
/// full history.
package struct Ownership: Equatable, Sendable {
  /// The first purchase: every restore carries it as `originalId`.
  package var originalId: UInt64
  package var originalPurchaseDate: Timestamp
  /// The newest purchase that grants the product (a subscription's newest period).
  package var latest: Transaction
  /// Whether a purchase of it was completed (finished, or dropped from the queue by a
  /// reinstall): `restoreCompletedTransactions` gives back only completed transactions.
  package var restorable: Bool

  package init(originalId: UInt64, originalPurchaseDate: Timestamp, latest: Transaction, restorable: Bool) {
    self.originalId = originalId
    self.originalPurchaseDate = originalPurchaseDate
    self.latest = latest
    self.restorable = restorable
  }

  package var productId: String { latest.productId }
  package var productType: ProductType { latest.productType ?? .nonConsumable }
  package var expirationDate: Timestamp? { latest.expirationDate }
}
