import IAPFormats

/// One `SKPaymentTransaction` as the store records it, plus where it lives.
///
/// The store keeps transactions as immutable versions: a change (finishing, for one) is a new
/// version with the same `id`, appended to the log. The latest version is the truth.
package struct Transaction: Equatable, Sendable {
  /// Unique per purchase, restore and renewal; strictly increasing within a state folder.
  package var id: UInt64
  /// `id` of the first purchase for restores (and, later, renewals); otherwise `id`.
  package var originalId: UInt64
  package var productId: String
  /// nil only for a payment whose product the store does not know.
  package var productType: ProductType?
  /// The subscription group of an auto-renewable subscription.
  package var subscriptionGroup: String?
  package var state: TransactionState
  package var quantity: Int
  package var purchaseDate: Timestamp
  package var originalPurchaseDate: Timestamp
  package var expirationDate: Timestamp?
  package var revocationDate: Timestamp? {
    get { rare?.fields.revocationDate }
    set { changeRare(clearing: newValue == nil) { $0.revocationDate = newValue } }
  }
  /// Why the App Store revoked it (a refund), when `revocationDate` is set.
  package var revocationReason: RevocationReason? {
    get { rare?.fields.revocationReason }
    set { changeRare(clearing: newValue == nil) { $0.revocationReason = newValue } }
  }
  /// A prorated refund's share of the price, in milliunits of a percent (50000 is half):
  /// `revocationPercentage`; nil for a full refund.
  package var revocationPercentage: Int? {
    get { rare?.fields.revocationPercentage }
    set { changeRare(clearing: newValue == nil) { $0.revocationPercentage = newValue } }
  }
  /// `SKPayment.applicationUsername`: the app's opaque account identifier.
  package var applicationUsername: String? {
    get { rare?.fields.applicationUsername }
    set { changeRare(clearing: newValue == nil) { $0.applicationUsername = newValue } }
  }
  /// Set when `state` is `failed`.
  package var error: StoreError? {
    get { rare?.fields.error }
    set { changeRare(clearing: newValue == nil) { $0.error = newValue } }
  }
  /// The sandbox tester whose purchase history holds it.
  package var account: String
  /// The device whose payment queue delivers it until it is finished.
  package var device: String
  /// Whether the app called `finishTransaction`.
  package var finished: Bool
  /// An interrupted purchase the customer has yet to resolve (`SKTestTransaction.hasPurchaseIssue`).
  package var purchaseIssue: Bool
  /// Removed from the store's history (`SKTestSession.deleteTransaction`): a tombstone version.
  package var deleted: Bool
  /// Made by the store to renew a subscription (`Transaction.Reason.renewal`), not bought.
  package var isRenewal: Bool
  /// Replaced by an upgrade within its subscription group (`Transaction.isUpgraded`).
  package var isUpgraded: Bool
  /// `appBundleID`, `storefront`, and the price paid (a decimal string) in `currency`.
  package var bundleId: String?
  package var storefront: String?
  package var price: String?
  package var currency: String?
  /// An introductory offer applied to this period: `offerDiscountType` (`FREE_TRIAL`,
  /// `PAY_AS_YOU_GO`, `PAY_UP_FRONT`) and the offer's duration (`offerPeriod`, ISO 8601).
  package var offerDiscountType: OfferDiscountType? {
    get { rare?.fields.offerDiscountType }
    set { changeRare(clearing: newValue == nil) { $0.offerDiscountType = newValue } }
  }
  package var offerPeriod: String? {
    get { rare?.fields.offerPeriod }
    set { changeRare(clearing: newValue == nil) { $0.offerPeriod = newValue } }
  }
  /// The offer applied to this period (`offerIdentifier`): a promotional or win-back offer's
  /// id, an offer code's reference name; nil for an introductory offer or none.
  package var offerIdentifier: String? {
    get { rare?.fields.offerIdentifier }
    set { changeRare(clearing: newValue == nil) { $0.offerIdentifier = newValue } }
  }
  /// The kind of offer this period redeemed when it is one the identifier alone does not
  /// tell: an offer code or a win-back offer (Apple's `offerType` 3, 4); nil otherwise.
  package var redeemedOfferType: OfferType? {
    get { rare?.fields.redeemedOfferType }
    set { changeRare(clearing: newValue == nil) { $0.redeemedOfferType = newValue } }
  }
  /// The product has Apple-hosted content to download (`SKPaymentTransaction.downloads`):
  /// the transaction cannot be finished before the download is complete or cancelled.
  package var hasDownloads = false
  /// `appAccountToken` set by the developer's server (Set App Account Token), which wins
  /// over a UUID-shaped `applicationUsername`; renewals carry it on.
  package var appAccountToken: String? {
    get { rare?.fields.appAccountToken }
    set { changeRare(clearing: newValue == nil) { $0.appAccountToken = newValue } }
  }
  /// For a finished consumable: the account's receipt update count when it was finished. It
  /// stays in the receipt until the next update.
  package var finishedAtReceiptUpdate: Int? {
    get { rare?.fields.finishedAtReceiptUpdate }
    set { changeRare(clearing: newValue == nil) { $0.finishedAtReceiptUpdate = newValue } }
  }
  /// The customer's latest refund request, and how Apple answered it; nil if none was made.
  package var refundRequest: RefundRequest? {
    get { rare?.fields.refundRequest }
    set { changeRare(clearing: newValue == nil) { $0.refundRequest = newValue } }
  }
  /// When Apple reversed a refund it had granted (REFUND_REVERSED): the purchase grants its
  /// product again and `revocationDate` is gone.
  package var refundReversalDate: Timestamp? {
    get { rare?.fields.refundReversalDate }
    set { changeRare(clearing: newValue == nil) { $0.refundReversalDate = newValue } }
  }
  /// For a family member's transaction: the purchaser's original transaction id whose product
  /// Family Sharing gives the member (`inAppOwnershipType` FAMILY_SHARED).
  package var familySharedFrom: UInt64? {
    get { rare?.fields.familySharedFrom }
    set { changeRare(clearing: newValue == nil) { $0.familySharedFrom = newValue } }
  }

  /// How the subscription period was billed (`billingPlanType`): set on the transactions of a
  /// product that has billing plans, nil for any other.
  package var billingPlanType: BillingPlanType? {
    get { rare?.fields.billingPlanType }
    set { changeRare(clearing: newValue == nil) { $0.billingPlanType = newValue } }
  }
  /// A monthly billing period's place in its 12-month commitment (`commitmentInfo`).
  package var commitment: TransactionCommitment? {
    get { rare?.fields.commitment }
    set { changeRare(clearing: newValue == nil) { $0.commitment = newValue } }
  }

  /// The fields above that are computed: nil when none is set (so that `==` compares them
  /// rightly: an empty box is never kept). Each has its own accessor rather than one
  /// subscript by key path: a key path's type is instantiated at run time, on every
  /// command's start.
  private var rare: TransactionRareFieldsBox?

  /// Changes the out-of-line fields.
  ///
  /// - Parameter clearing: the change sets a field to nil, which changes nothing on a
  ///   transaction without rare fields (the common case, where building and comparing the
  ///   whole set was most of what reading a record spent on them).
  private mutating func changeRare(clearing: Bool, _ change: (inout TransactionRareFields) -> Void) {
    if clearing && rare == nil { return }
    var fields = rare?.fields ?? .none
    change(&fields)
    rare = fields == .none ? nil : .fields(fields)
  }

  package init(
    id: UInt64, originalId: UInt64, productId: String, productType: ProductType?,
    state: TransactionState, quantity: Int, purchaseDate: Timestamp, originalPurchaseDate: Timestamp,
    expirationDate: Timestamp? = nil, revocationDate: Timestamp? = nil, revocationReason: RevocationReason? = nil,
    applicationUsername: String? = nil, error: StoreError? = nil, account: String, device: String,
    finished: Bool = false, purchaseIssue: Bool = false, deleted: Bool = false, subscriptionGroup: String? = nil,
    isRenewal: Bool = false, isUpgraded: Bool = false, bundleId: String? = nil, storefront: String? = nil,
    price: String? = nil, currency: String? = nil, finishedAtReceiptUpdate: Int? = nil,
    offerDiscountType: OfferDiscountType? = nil, offerPeriod: String? = nil
  ) {
    self.id = id
    self.originalId = originalId
    self.productId = productId
    self.productType = productType
    self.state = state
    self.quantity = quantity
    self.purchaseDate = purchaseDate
    self.originalPurchaseDate = originalPurchaseDate
    self.expirationDate = expirationDate
    self.account = account
    self.device = device
    self.finished = finished
    self.purchaseIssue = purchaseIssue
    self.deleted = deleted
    self.subscriptionGroup = subscriptionGroup
    self.isRenewal = isRenewal
    self.isUpgraded = isUpgraded
    self.bundleId = bundleId
    self.storefront = storefront
    self.price = price
    self.currency = currency
    let fields = TransactionRareFields(
      revocationDate: revocationDate, revocationReason: revocationReason, applicationUsername: applicationUsername, error: error,
      offerDiscountType: offerDiscountType, offerPeriod: offerPeriod, finishedAtReceiptUpdate: finishedAtReceiptUpdate)
    rare = fields == .none ? nil : .fields(fields)
  }

  /// `offerType` as Apple numbers it: 1 an introductory offer, 2 a promotional offer, 3 an
  /// offer code, 4 a win-back offer; nil when no offer applies to this period.
  package var offerType: OfferType? {
    if let redeemedOfferType { return redeemedOfferType }
    if offerIdentifier != nil { return .promotional }
    return offerDiscountType == nil ? nil : .introductory
  }

  /// Whether the customer asked for a refund of this purchase and Apple has not answered yet
  /// (neither granted nor declined): the window in which a developer sends consumption
  /// information.
  package var hasOpenRefundRequest: Bool { refundRequest?.isOpen ?? false }

  /// When the open refund request was made; nil when there is none.
  package var refundRequestDate: Timestamp? { hasOpenRefundRequest ? refundRequest?.date : nil }

  /// `revocationType` (Apple's RevocationType): FAMILY_REVOKE for a family member's share
  /// (however the sharing ended), REFUND_PRORATED for a refund of part of the price,
  /// REFUND_FULL for the rest; nil when the transaction is not revoked. Derived, so that
  /// states written before it existed read right.
  package var revocationType: RevocationType? {
    guard revocationDate != nil else { return nil }
    if familySharedFrom != nil { return .familyRevoke }
    return revocationPercentage == nil ? .refundFull : .refundProrated
  }

  /// `transactionReason`: a renewal the subscription made by itself, else a purchase.
  package var transactionReason: TransactionReason { isRenewal ? .renewal : .purchase }

  /// A refund's percentage as `iap refund --percentage` takes it (a decimal number above 0
  /// and below 100, up to three decimals) in milliunits, the unit of `revocationPercentage`;
  /// nil for anything else.
  package static func revocationPercentage(parsing text: String) -> Int? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2, !parts[0].isEmpty, parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
      parts.count == 1 || (1...3).contains(parts[1].count),
      let milliunits = SignedPayloads.milliunits(text), (1...99_999).contains(milliunits)
    else { return nil }
    return Int(milliunits)
  }

  /// `inAppOwnershipType`: FAMILY_SHARED for a family member's share, else PURCHASED.
  package var inAppOwnershipType: String { familySharedFrom == nil ? "PURCHASED" : "FAMILY_SHARED" }

  /// Whether this purchase grants its product: purchased and not refunded or deleted.
  package var grantsProduct: Bool { state == .purchased && revocationDate == nil && !deleted }
}
