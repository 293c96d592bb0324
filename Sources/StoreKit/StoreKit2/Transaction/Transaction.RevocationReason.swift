extension Transaction {
  /// StoreKit's `Transaction.RevocationReason`: why the App Store refunded or revoked a
  /// transaction.
  public struct RevocationReason: RawRepresentable, Equatable, Hashable, Sendable {
    /// `revocationReason` as signed transactions carry it: 1 for an issue in the app, 0
    /// otherwise.
    public let rawValue: Int

    /// The value of this raw value; one StoreKit does not name is kept as it is.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The customer asked for a refund because of an issue in the app.
    public static let developerIssue = RevocationReason(rawValue: 1)
    /// Any other reason.
    public static let other = RevocationReason(rawValue: 0)

    /// The reason, in English.
    public var localizedDescription: String {
      switch self {
      case .developerIssue: return "Refunded because of an issue in the app"
      case .other: return "Refunded or revoked for another reason"
      default: return "Revoked (reason \(rawValue))"
      }
    }
  }
}
