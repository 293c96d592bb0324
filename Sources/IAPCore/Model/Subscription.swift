import IAPFormats

/// `Product.SubscriptionInfo.RenewalState`: where an auto-renewable subscription stands.
public enum SubscriptionStatus: String, CaseIterable, Sendable {
  case subscribed
  case expired
  case inBillingRetryPeriod
  case inGracePeriod
  case revoked

  /// Whether the customer has access: while subscribed, and during a billing grace period.
  public var grantsAccess: Bool { self == .subscribed || self == .inGracePeriod }
}

/// One account's subscription in one subscription group: a customer has at most one per
/// group, renewing from transaction to transaction under one `originalId`.
public struct Subscription: Equatable, Sendable {
  public var account: String
  public var group: String
  public var originalId: UInt64
  public var originalPurchaseDate: Timestamp
  /// The newest transaction of the chain (purchase, upgrade or renewal).
  public var latest: Transaction
  /// The period of the latest transaction's product.
  public var period: SubscriptionPeriod
  /// The latest product's level in the group (1 is the highest).
  public var level: Int
  /// A product the subscription renews into instead (a downgrade), with its period and level.
  public var renewalProductId: String?
  public var renewalPeriod: SubscriptionPeriod?
  public var renewalLevel: Int?
  /// The scheduled product's price, a decimal string.
  public var renewalPrice: String?
  /// `autoRenewStatus`: whether it renews at `expirationDate`.
  public var autoRenew: Bool
  public var status: SubscriptionStatus
  /// Renewals made so far (the sandbox stops at 12).
  public var renewals: Int
  /// End of the billing grace period, while in it.
  public var gracePeriodExpires: Timestamp?
  /// End of billing retry, while a renewal payment is failing.
  public var billingRetryEnds: Timestamp?
  /// `expirationIntent` once it lapsed: 1 cancelled by the customer, 2 billing error, 3 the
  /// customer did not consent to a price increase.
  public var expirationIntent: ExpirationIntent?
  /// Whether a transaction of it was completed, so `restore` gives it back.
  public var restorable: Bool
  /// A pay-as-you-go introductory offer still running: renewals left at the offer price, the
  /// price and the offer period (ISO 8601).
  public var introRenewalsLeft = 0
  /// The price renewals charge, a decimal string (an introductory offer's first periods
  /// charge less).
  public var regularPrice: String?
  public var introPrice: String?
  public var introPeriod: String?
  /// The promotional offer those renewals belong to, when it is one (`offerIdentifier`).
  public var introOfferIdentifier: String?
  /// The kind of offer those renewals belong to when it is an offer code (3) or a win-back
  /// offer (4); nil for an introductory or promotional offer.
  public var introOfferType: Int?
  /// The paid time of the subscription so far, in nominal days (a week 7, a month 30, a
  /// year 365; free periods count nothing): a win-back offer's paid-duration rule reads it.
  public var paidDays = 0
  /// When the customer last redeemed a win-back offer in the group: a win-back offer's wait
  /// between offers counts from it.
  public var lastWinBackRedemption: Timestamp?
  /// The renewal-date extensions granted, oldest first (Apple allows two in 365 days).
  public var extensions: [RenewalExtension] = []
  /// Where the current run of regular periods began (the purchase, or the renewal that
  /// started it after an offer, a change of period or a billing recovery), and how many
  /// periods the latest expiration is from it. Renewals fall on the anniversaries of the
  /// anchor, so that Jan 31 renews on Feb 28, then Mar 31; nil when unknown (older states,
  /// or an offer period running), and the next renewal starts a new anchor.
  public var anchor: Timestamp?
  public var anchorPeriods = 0
  /// A price increase announced to this subscriber and not yet charged.
  public var priceIncrease: PriceIncrease?
  /// When the last increase that needed no consent was announced: Apple allows one a year.
  public var lastIncreaseWithoutConsent: Timestamp?
  /// A promotional offer redeemed for the next renewal (see `ScheduledOffer`).
  public var scheduledOffer: ScheduledOffer?

  public init(
    account: String, group: String, originalId: UInt64, originalPurchaseDate: Timestamp, latest: Transaction,
    period: SubscriptionPeriod, level: Int = 1, renewalProductId: String? = nil,
    renewalPeriod: SubscriptionPeriod? = nil, renewalLevel: Int? = nil, autoRenew: Bool = true, status: SubscriptionStatus = .subscribed, renewals: Int = 0,
    gracePeriodExpires: Timestamp? = nil, billingRetryEnds: Timestamp? = nil, expirationIntent: ExpirationIntent? = nil,
    restorable: Bool = false
  ) {
    self.account = account
    self.group = group
    self.originalId = originalId
    self.originalPurchaseDate = originalPurchaseDate
    self.latest = latest
    self.period = period
    self.level = level
    self.renewalProductId = renewalProductId
    self.renewalPeriod = renewalPeriod
    self.renewalLevel = renewalLevel
    self.autoRenew = autoRenew
    self.status = status
    self.renewals = renewals
    self.gracePeriodExpires = gracePeriodExpires
    self.billingRetryEnds = billingRetryEnds
    self.expirationIntent = expirationIntent
    self.restorable = restorable
  }

  public var productId: String { latest.productId }
  public var expirationDate: Timestamp { latest.expirationDate ?? latest.purchaseDate }
  /// Whether the App Store is still trying to collect a renewal payment
  /// (`isInBillingRetryPeriod`): in billing retry, and in the grace period that precedes it.
  public var isInBillingRetry: Bool { status == .inBillingRetryPeriod || status == .inGracePeriod }

  /// `expirationIntent` as renewal info reports it: why it expired, or 2 (billing error)
  /// while a renewal payment is failing, as Apple pairs it with `isInBillingRetryPeriod`.
  public var reportedExpirationIntent: ExpirationIntent? { expirationIntent ?? (isInBillingRetry ? .billingError : nil) }

  /// The product the next renewal will be for (`autoRenewProductId`).
  public var autoRenewProductId: String { renewalProductId ?? latest.productId }

  /// The price increase the next renewal is subject to: one for the product it renews into,
  /// not declined.
  public var pendingPriceIncrease: PriceIncrease? {
    guard let increase = priceIncrease, increase.status != .declined, increase.productId == autoRenewProductId else { return nil }
    return increase
  }

  /// The price the next renewal charges (`renewalPrice`), a decimal string: a promotional
  /// offer's redeemed for it, else a price increase the customer accepted or has yet to
  /// answer, else a scheduled product's, else the regular price.
  public var nextRenewalPrice: String? {
    if let offer = scheduledOffer, offer.productId == autoRenewProductId, let price = offer.firstPrice { return price }
    return pendingPriceIncrease?.price ?? renewalPrice ?? regularPrice ?? latest.price
  }
}
