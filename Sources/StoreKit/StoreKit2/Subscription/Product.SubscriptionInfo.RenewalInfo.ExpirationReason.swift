extension Product.SubscriptionInfo.RenewalInfo {
  /// StoreKit's `Product.SubscriptionInfo.RenewalInfo.ExpirationReason`: why a subscription
  /// expired.
  public struct ExpirationReason: RawRepresentable, Equatable, Hashable, Sendable {
    /// `expirationIntent` as signed renewal info carries it.
    public let rawValue: Int

    /// The value of this raw value; one StoreKit does not name is kept as it is.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The customer turned auto-renew off.
    public static let autoRenewDisabled = ExpirationReason(rawValue: 1)
    /// The renewal payment failed.
    public static let billingError = ExpirationReason(rawValue: 2)
    /// The customer did not agree to a price increase.
    public static let didNotConsentToPriceIncrease = ExpirationReason(rawValue: 3)
    /// The product was not available for renewal.
    public static let productUnavailable = ExpirationReason(rawValue: 4)
    /// Another reason.
    public static let unknown = ExpirationReason(rawValue: 5)

    /// The reason, in English.
    public var localizedDescription: String {
      switch self {
      case .autoRenewDisabled: return "Auto-renew was turned off"
      case .billingError: return "The renewal payment failed"
      case .didNotConsentToPriceIncrease: return "The price increase was not accepted"
      case .productUnavailable: return "The product was not available"
      default: return "Unknown"
      }
    }
  }
}
