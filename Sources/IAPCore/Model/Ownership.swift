import IAPFormats

/// What an account owns of one non-consumable or non-renewing subscription: enough to answer "already bought?", to
/// restore it and to list entitlements, kept in the snapshot so that none of these needs the
/// full history.
public struct Ownership: Equatable, Sendable {
  /// The first purchase: every restore carries it as `originalId`.
  public var originalId: UInt64
  public var originalPurchaseDate: Timestamp
  /// The newest purchase that grants the product (a subscription's newest period).
  public var latest: Transaction
  /// Whether a purchase of it was completed (finished, or dropped from the queue by a
  /// reinstall): `restoreCompletedTransactions` gives back only completed transactions.
  public var restorable: Bool

  public init(originalId: UInt64, originalPurchaseDate: Timestamp, latest: Transaction, restorable: Bool) {
    self.originalId = originalId
    self.originalPurchaseDate = originalPurchaseDate
    self.latest = latest
    self.restorable = restorable
  }

  public var productId: String { latest.productId }
  public var productType: ProductType { latest.productType ?? .nonConsumable }
  public var expirationDate: Timestamp? { latest.expirationDate }
}
