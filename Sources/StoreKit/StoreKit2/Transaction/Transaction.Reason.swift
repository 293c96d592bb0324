import IAPCore

extension Transaction {
  /// StoreKit's `Transaction.Reason`: whether a transaction is a purchase or a renewal.
  public struct Reason: RawRepresentable, Equatable, Hashable, Sendable {
    /// `transactionReason` as signed transactions carry it.
    public let rawValue: String

    /// The value of this raw value; one StoreKit does not name is kept as it is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The customer bought the product (or restored, or upgraded).
    public static let purchase = Reason(rawValue: TransactionReason.purchase.rawValue)
    /// An auto-renewable subscription renewed.
    public static let renewal = Reason(rawValue: TransactionReason.renewal.rawValue)

    /// The reason, in English.
    public var localizedDescription: String {
      switch self {
      case .purchase: return "Purchase"
      case .renewal: return "Renewal"
      default: return rawValue
      }
    }
  }
}
