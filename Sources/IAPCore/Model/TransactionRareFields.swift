import IAPFormats

/// The fields of a `Transaction` that most transactions leave unset (refunds, offers, errors,
/// family shares, the app's account), kept out of line.
///
/// A queue of a hundred thousand unfinished renewals holds each transaction inline in an
/// array, where these fields would make up much of its size; out of line they cost one
/// pointer, and an allocation only for the transactions that set one.
struct TransactionRareFields: Equatable, Sendable {
  var revocationDate: Timestamp?
  var revocationReason: RevocationReason?
  var revocationPercentage: Int?
  var applicationUsername: String?
  var error: StoreError?
  var offerDiscountType: OfferDiscountType?
  var offerPeriod: String?
  var offerIdentifier: String?
  var redeemedOfferType: OfferType?
  var appAccountToken: String?
  var finishedAtReceiptUpdate: Int?
  var refundRequest: RefundRequest?
  var refundReversalDate: Timestamp?
  var familySharedFrom: UInt64?
  var billingPlanType: BillingPlanType?
  var commitment: TransactionCommitment?

  /// None of the fields is set.
  static let none = TransactionRareFields()
}

/// A box for `TransactionRareFields` (an indirect case is stored on the heap): copying a
/// transaction shares it, and changing a field makes a new one.
enum TransactionRareFieldsBox: Equatable, Sendable {
  indirect case fields(TransactionRareFields)

  var fields: TransactionRareFields {
    switch self { case let .fields(fields): return fields }
  }
}
