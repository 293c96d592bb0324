/// What an account owns of one durable product: enough to answer "already bought?" and to
/// restore it, kept in the snapshot so that neither question needs the full history.
public struct Ownership: Equatable, Sendable {
  public var productId: String
  public var productType: ProductType
  /// The first purchase: every restore carries it as `originalId`.
  public var originalId: UInt64
  public var originalPurchaseDate: Timestamp
  /// The newest purchase (a subscription's newest period).
  public var latestId: UInt64
  public var expirationDate: Timestamp?
  /// Whether a purchase of it was finished: `restoreCompletedTransactions` gives back only
  /// completed transactions.
  public var restorable: Bool

  public init(
    productId: String, productType: ProductType, originalId: UInt64, originalPurchaseDate: Timestamp,
    latestId: UInt64, expirationDate: Timestamp?, restorable: Bool
  ) {
    self.productId = productId
    self.productType = productType
    self.originalId = originalId
    self.originalPurchaseDate = originalPurchaseDate
    self.latestId = latestId
    self.expirationDate = expirationDate
    self.restorable = restorable
  }
}
