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
    jwsRepresentation = jws
  }
}

/// StoreKit 2's `AppTransaction`, read from its signed payload.
public struct AppTransaction: Sendable, Equatable {
  public let bundleID: String
  public let appVersion: String
  public let originalAppVersion: String
  public let originalPurchaseDate: Date?
  public let environment: String?
  public let jwsRepresentation: String

  init(jws: String, payload: JSONValue) throws(VerificationError) {
    guard let bundle = payload["bundleId"]?.stringValue else { throw .malformed("the payload is not an app transaction") }
    bundleID = bundle
    appVersion = payload["applicationVersion"]?.stringValue ?? ""
    originalAppVersion = payload["originalApplicationVersion"]?.stringValue ?? ""
    originalPurchaseDate = payload["originalPurchaseDate"]?.intValue.map { Date(timeIntervalSince1970: Double($0) / 1000) }
    environment = payload["receiptType"]?.stringValue
    jwsRepresentation = jws
  }
}

extension IAPStore {
  /// `Product.SubscriptionInfo.status(for:)`: the subscriptions of the group `productID`
  /// belongs to (or of every group, for nil), each with its signed renewal info.
  public func subscriptionStatus(for productID: String? = nil) async throws(IAPStoreError) -> [SubscriptionStatus] {
    let query = productID.map { "?productId=" + Self.escape($0) } ?? ""
    var statuses: [SubscriptionStatus] = []
    for item in try Self.request("GET", base + "/subscriptions" + query)["subscriptions"]?.arrayValue ?? [] {
      guard let state = item["state"]?.stringValue.flatMap(SubscriptionStatus.RenewalState.init(rawValue:)),
        let transaction = item["signedTransactionInfo"]?.stringValue, let renewal = item["signedRenewalInfo"]?.stringValue
      else { throw IAPStoreError(status: 0, name: "invalidAnswer", message: "a subscription status without its signed values") }
      statuses.append(SubscriptionStatus(
        state: state, transaction: try verifier.transaction(transaction),
        renewalInfo: try verifier.verify(renewal) { (payload) throws(VerificationError) in try RenewalInfo(jws: renewal, payload: payload) }))
    }
    return statuses
  }

  /// `AppTransaction.shared`.
  public func appTransaction() async throws(IAPStoreError) -> VerificationResult<AppTransaction> {
    guard let jws = try Self.request("GET", base + "/app-transaction")["signedAppTransaction"]?.stringValue else {
      throw IAPStoreError(status: 0, name: "invalidAnswer", message: "no signed app transaction")
    }
    return try verifier.verify(jws) { (payload) throws(VerificationError) in try AppTransaction(jws: jws, payload: payload) }
  }
}

extension IAPStore {
  /// `product.subscription?.isEligibleForIntroOffer`: whether buying it now would redeem its
  /// introductory offer (the account's first subscription in the group).
  public func isEligibleForIntroOffer(_ product: Product) async throws(IAPStoreError) -> Bool {
    let answer = try Self.request("GET", base + "/subscriptions/" + Self.escape(product.id) + "/eligibility")
    return answer["isEligibleForIntroOffer"]?.boolValue ?? false
  }
}
