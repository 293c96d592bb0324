#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

import IAPFormats

/// `Product.SubscriptionInfo.RenewalInfo`, read from its signed payload.
public struct RenewalInfo: Sendable, Equatable {
  public let originalTransactionID: UInt64
  public let currentProductID: String
  public let autoRenewPreference: String?
  public let willAutoRenew: Bool
  public let isInBillingRetry: Bool
  /// `expirationIntent`, once the subscription lapsed: 1 cancelled, 2 billing error, …
  public let expirationReason: Int?
  public let renewalDate: Date?
  public let gracePeriodExpirationDate: Date?
  /// The win-back offers the customer may redeem now, best first.
  public let eligibleWinBackOfferIDs: [String]
  public let jwsRepresentation: String

  init(jws: String, payload: JSONValue) throws(VerificationError) {
    func date(_ key: String) -> Date? { payload[key]?.intValue.map { Date(timeIntervalSince1970: Double($0) / 1000) } }
    guard let original = payload["originalTransactionId"]?.stringValue.flatMap(UInt64.init), let product = payload["productId"]?.stringValue
    else { throw .malformed("the payload is not renewal info") }
    originalTransactionID = original
    currentProductID = product
    autoRenewPreference = payload["autoRenewProductId"]?.stringValue
    willAutoRenew = payload["autoRenewStatus"]?.intValue == 1
    isInBillingRetry = payload["isInBillingRetryPeriod"]?.boolValue ?? false
    expirationReason = payload["expirationIntent"]?.intValue.map { Int($0) }
    renewalDate = date("renewalDate")
    gracePeriodExpirationDate = date("gracePeriodExpiresDate")
    eligibleWinBackOfferIDs = payload["eligibleWinBackOfferIds"]?.arrayValue?.compactMap(\.stringValue) ?? []
    jwsRepresentation = jws
  }
}
