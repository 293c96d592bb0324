import IAPCore
import IAPFormats
import IAPKit

/// Subscriptions as JSON (`subscription status --json`, the control plane).
package enum SubscriptionJSON {
  /// A subscription as `--json` shows it, with its latest transaction, and, given a signer,
  /// its signed renewal info and transaction.
  package static func object(_ s: Subscription, signer: Signer? = nil) -> JSONValue {
    func date(_ t: Timestamp?) -> JSONValue { .optional(t?.iso8601) }
    var signed: [(String, JSONValue)] = []
    if let signer {
      let renewalInfo = signer.renewalInfoPayload(s)
      signed = [
        ("renewalInfo", renewalInfo), ("signedRenewalInfo", .string(signer.sign(renewalInfo))),
        ("signedTransactionInfo", .optional(signer.transaction(s.latest))),
      ]
    }
    return .object([
      ("productId", .string(s.productId)),
      ("subscriptionGroup", .string(s.group)),
      ("originalId", .string(String(s.originalId))),
      ("state", .string(s.status.rawValue)),
      ("autoRenewStatus", .bool(s.autoRenew)),
      ("autoRenewProductId", .string(s.autoRenewProductId)),
      ("expirationDate", date(s.expirationDate)),
      ("renewals", .int(Int64(s.renewals))),
      ("gracePeriodExpiresDate", date(s.gracePeriodExpires)),
      ("billingRetryEndDate", date(s.billingRetryEnds)),
      ("expirationIntent", s.reportedExpirationIntent.map { .int(Int64($0.rawValue)) } ?? .null),
      ("latestTransaction", TransactionJSON.object(s.latest)),
      ("priceIncrease", s.priceIncrease.map(priceIncrease) ?? .null),
    ] + signed)
  }

  /// `{productId, price, status}`: a price increase announced to the subscriber.
  static func priceIncrease(_ increase: PriceIncrease) -> JSONValue {
    .object([
      ("productId", .string(increase.productId)), ("price", .string(increase.price)),
      ("status", .string(increase.status.rawValue)),
    ])
  }


  /// `{"subscriptions": [...]}`.
  package static func document(_ subscriptions: [Subscription], signer: Signer? = nil) -> JSONValue {
    .object([("subscriptions", .array(subscriptions.map { object($0, signer: signer) }))])
  }
}
