import Foundation
import IAPFormats

extension Product.SubscriptionInfo {
  /// StoreKit's `Product.SubscriptionInfo.RenewalInfo`: what happens at a subscription's next
  /// renewal, every field read from the signed payload (`JWSRenewalInfoDecodedPayload`).
  /// Equal values are the same signed value.
  public struct RenewalInfo: Equatable, Hashable, Sendable, CustomDebugStringConvertible {
    /// The subscription's original transaction.
    public let originalTransactionID: UInt64
    /// The product the customer is subscribed to now.
    public let currentProductID: String
    /// Whether the subscription renews at the end of the period.
    public let willAutoRenew: Bool
    /// The product it renews to (another of the group after a downgrade or crossgrade).
    public let autoRenewPreference: String?
    /// Why the subscription expired; nil while it runs.
    public let expirationReason: ExpirationReason?
    /// Where a price increase stands.
    public let priceIncreaseStatus: PriceIncreaseStatus
    /// Whether the App Store is retrying a failed renewal payment.
    public let isInBillingRetry: Bool
    /// When the billing grace period ends; nil outside one.
    public let gracePeriodExpirationDate: Date?
    /// The offer the next renewal redeems, if any.
    public let offer: Transaction.Offer?
    /// The price of the next period, after any offer.
    public let renewalPrice: Decimal?
    /// The currency of `renewalPrice`.
    public let currency: Locale.Currency?
    /// The token the app set with `Product.PurchaseOption.appAccountToken(_:)`.
    public let appAccountToken: UUID?
    /// The win-back offers the customer may redeem now, best first.
    public let eligibleWinBackOfferIDs: [String]
    /// The plan the next renewal bills under; nil for a product without billing plans.
    public let renewalBillingPlanType: Product.SubscriptionInfo.BillingPlanType?
    /// What happens when a 12-month commitment ends; nil when none runs.
    public let commitmentInfo: CommitmentInfo?
    /// When the latest run of uninterrupted subscription began.
    public let recentSubscriptionStartDate: Date
    /// When the subscription renews (or last would have).
    public let renewalDate: Date?
    /// When the App Store signed this.
    public let signedDate: Date
    /// The environment that signed it.
    public let environment: AppStore.Environment
    /// The customer's app transaction identifier.
    public let appTransactionID: String
    /// The device verification value: empty here, as the store signs renewal info without
    /// one (only `AppTransaction` carries it).
    public let deviceVerification: Data
    /// The nonce of `deviceVerification`: the all-zero UUID here.
    public let deviceVerificationNonce: UUID
    /// The signed payload's JSON.
    public var jsonRepresentation: Data { signed.payloadData }

    /// The signed payload, as JSON text.
    public var debugDescription: String { String(decoding: signed.payloadData, as: UTF8.self) }

    /// The signed value this was read from.
    let signed: SignedValue

    /// Whether both are the same signed value.
    public static func == (lhs: RenewalInfo, rhs: RenewalInfo) -> Bool { lhs.signed == rhs.signed }
    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(signed) }

    /// StoreKit's `Product.SubscriptionInfo.RenewalInfo.PriceIncreaseStatus`.
    @frozen public enum PriceIncreaseStatus: Equatable, Hashable, Sendable {
      /// No price increase waits for the customer.
      case noIncreasePending
      /// The customer has not answered a price increase yet.
      case pending
      /// The customer agreed to the price increase.
      case agreed
    }

    /// The renewal info of a signed payload; nil when a member StoreKit requires is missing.
    init?(payload p: JSONValue, signed: SignedValue) {
      guard let original = p.uint64("originalTransactionId"), let product = p.string("productId"), let signedDate = p.date("signedDate")
      else { return nil }
      originalTransactionID = original
      currentProductID = product
      willAutoRenew = p.int("autoRenewStatus") == 1
      autoRenewPreference = p.string("autoRenewProductId")
      expirationReason = p.int("expirationIntent").map(ExpirationReason.init(rawValue:))
      switch p.int("priceIncreaseStatus") {
      case 0?: priceIncreaseStatus = .pending
      case 1?: priceIncreaseStatus = .agreed
      default: priceIncreaseStatus = .noIncreasePending
      }
      isInBillingRetry = p.bool("isInBillingRetryPeriod") ?? false
      gracePeriodExpirationDate = p.date("gracePeriodExpiresDate")
      offer = Transaction.Offer(payload: p)
      renewalPrice = p.milliunits("renewalPrice")
      currency = p.string("currency").map { Locale.Currency($0) }
      appAccountToken = p.uuid("appAccountToken")
      eligibleWinBackOfferIDs = p.strings("eligibleWinBackOfferIds")
      renewalBillingPlanType = p.string("renewalBillingPlanType").map(Product.SubscriptionInfo.BillingPlanType.init(rawValue:))
      commitmentInfo = CommitmentInfo(payload: p)
      recentSubscriptionStartDate = p.date("recentSubscriptionStartDate") ?? signedDate
      renewalDate = p.date("renewalDate")
      self.signedDate = signedDate
      environment = AppStore.Environment(payloadName: p.string("environment") ?? "")
      appTransactionID = p.string("appTransactionId") ?? ""
      deviceVerification = p.base64("deviceVerification") ?? Data()
      deviceVerificationNonce = p.uuid("deviceVerificationNonce") ?? UUID.zero
      self.signed = signed
    }

    /// Checks `jws` against the store's keys and reads the renewal info it signs.
    static func verify(_ jws: String, store: StoreConnection) throws(StoreConnectionError) -> VerificationResult<RenewalInfo> {
      let checked = try store.verifier.check(jws)
      guard let signed = SignedValue(jws), let info = RenewalInfo(payload: checked.payload, signed: signed) else {
        throw StoreConnectionError(status: 0, name: "malformedJWS", message: "the store signed renewal info StoreKit cannot read")
      }
      return checked.failure.map { .unverified(info, $0.verificationError(for: RenewalInfo.self)) } ?? .verified(info)
    }
  }
}

/// StoreKit's name for `Product.SubscriptionInfo.RenewalInfo`.
public typealias SubscriptionRenewalInfo = Product.SubscriptionInfo.RenewalInfo
