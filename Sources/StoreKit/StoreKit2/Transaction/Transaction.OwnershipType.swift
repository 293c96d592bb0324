extension Transaction {
  /// StoreKit's `Transaction.OwnershipType`: whether the customer bought the product or has
  /// it through Family Sharing.
  public struct OwnershipType: RawRepresentable, Equatable, Hashable, Sendable {
    /// `inAppOwnershipType` as signed transactions carry it.
    public let rawValue: String

    /// The value of this raw value; one StoreKit does not name is kept as it is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The customer bought it.
    public static let purchased = OwnershipType(rawValue: "PURCHASED")
    /// A family member bought it and shares it.
    public static let familyShared = OwnershipType(rawValue: "FAMILY_SHARED")

    /// The ownership, in English.
    public var localizedDescription: String {
      switch self {
      case .purchased: return "Purchased"
      case .familyShared: return "Family Shared"
      default: return rawValue
      }
    }
  }
}
