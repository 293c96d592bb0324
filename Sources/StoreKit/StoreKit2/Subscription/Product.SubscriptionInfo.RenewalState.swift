extension Product.SubscriptionInfo {
  /// StoreKit's `Product.SubscriptionInfo.RenewalState`: where a subscription stands.
  public struct RenewalState: RawRepresentable, Equatable, Hashable, Sendable {
    /// The App Store's status number: 1 subscribed, 2 expired, 3 in billing retry, 4 in
    /// the grace period, 5 revoked.
    public let rawValue: Int

    /// The value of this raw value; one StoreKit does not name is kept as it is.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The customer is subscribed.
    public static let subscribed = RenewalState(rawValue: 1)
    /// The subscription expired.
    public static let expired = RenewalState(rawValue: 2)
    /// A renewal failed and the App Store is retrying the payment; no access.
    public static let inBillingRetryPeriod = RenewalState(rawValue: 3)
    /// A renewal failed and the customer keeps access while the App Store retries.
    public static let inGracePeriod = RenewalState(rawValue: 4)
    /// The App Store refunded or revoked it.
    public static let revoked = RenewalState(rawValue: 5)

    /// The state the control plane names (`subscribed`, `expired`, …); nil for another word.
    init?(storeName: String) {
      switch storeName {
      case "subscribed": self = .subscribed
      case "expired": self = .expired
      case "inBillingRetryPeriod": self = .inBillingRetryPeriod
      case "inGracePeriod": self = .inGracePeriod
      case "revoked": self = .revoked
      default: return nil
      }
    }

    /// The state, in English.
    public var localizedDescription: String {
      switch self {
      case .subscribed: return "Subscribed"
      case .expired: return "Expired"
      case .inBillingRetryPeriod: return "In Billing Retry Period"
      case .inGracePeriod: return "In Grace Period"
      case .revoked: return "Revoked"
      default: return "Renewal state \(rawValue)"
      }
    }
  }
}

/// StoreKit's name for `Product.SubscriptionInfo.RenewalState`.
public typealias SubscriptionRenewalState = Product.SubscriptionInfo.RenewalState
