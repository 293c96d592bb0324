/// Apple's `expirationIntent` (JWSRenewalInfo; `ExpirationIntent` in Apple's libraries): why
/// a subscription expired, as Apple numbers it. `expiration_intent` in receipts is the same
/// number as text.
package enum ExpirationIntent: Int, CaseIterable, Sendable {
  /// The customer cancelled (turned auto-renew off), or the subscription was expired.
  case customerCancelled = 1
  /// A billing error: the renewal payment failed.
  case billingError = 2
  /// The customer did not consent to a price increase that needed it.
  case didNotConsentToPriceIncrease = 3
  /// The product was not available at renewal (removed from sale).
  case productNotAvailable = 4
  /// Another reason.
  case other = 5

  /// The EXPIRED notification's subtype for this intent.
  package var expiredSubtype: NotificationSubtype {
    switch self {
    case .billingError: return .billingRetry
    case .didNotConsentToPriceIncrease: return .priceIncrease
    case .productNotAvailable: return .productNotForSale
    case .customerCancelled, .other: return .voluntary
    }
  }
}
