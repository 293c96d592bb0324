#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPFormats

/// `Product.SubscriptionInfo.Status`: where one subscription stands, with its latest
/// transaction and its renewal info, each signed.
public struct SubscriptionStatus: Sendable {
  /// `Product.SubscriptionInfo.RenewalState`.
  public enum RenewalState: String, Sendable {
    case subscribed, expired, inBillingRetryPeriod, inGracePeriod, revoked
  }

  public let state: RenewalState
  public let transaction: VerificationResult<Transaction>
  public let renewalInfo: VerificationResult<RenewalInfo>
}
