extension Product {
  /// StoreKit's `Product.ProductType`: the kind of in-app purchase. A struct, as Apple's, so
  /// a switch over it ends with `default`, for kinds a later store may add.
  public struct ProductType: RawRepresentable, Equatable, Hashable, Sendable {
    /// The name signed transactions give the kind (`type` in `JWSTransactionDecodedPayload`).
    public let rawValue: String

    /// The value of this raw value; one StoreKit does not name is kept as it is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A consumable: bought, used up, and bought again.
    public static let consumable = ProductType(rawValue: "Consumable")
    /// A non-consumable: bought once, kept for good.
    public static let nonConsumable = ProductType(rawValue: "Non-Consumable")
    /// A non-renewing subscription: a period of service that does not renew by itself.
    public static let nonRenewable = ProductType(rawValue: "Non-Renewing Subscription")
    /// An auto-renewable subscription.
    public static let autoRenewable = ProductType(rawValue: "Auto-Renewable Subscription")

    /// The kind as the control plane names it (`consumable`, `nonConsumable`,
    /// `autoRenewable`, `nonRenewing`, the catalog's words); nil for another word.
    init?(catalogName: String) {
      switch catalogName {
      case "consumable": self = .consumable
      case "nonConsumable": self = .nonConsumable
      case "autoRenewable": self = .autoRenewable
      case "nonRenewing": self = .nonRenewable
      default: return nil
      }
    }

    /// The kind, in English.
    public var localizedDescription: String {
      switch self {
      case .consumable: return "Consumable"
      case .nonConsumable: return "Non-Consumable"
      case .nonRenewable: return "Non-Renewing Subscription"
      case .autoRenewable: return "Auto-Renewable Subscription"
      default: return rawValue
      }
    }
  }
}
