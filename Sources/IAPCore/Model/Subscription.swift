import IAPFormats

/// `Product.SubscriptionInfo.RenewalState`: where an auto-renewable subscription stands.
package enum SubscriptionStatus: String, CaseIterable, Sendable {
  case subscribed
  case expired
  case inBillingRetryPeriod
  case inGracePeriod
  case revoked

  /// Whether the customer has access: while subscribed, and during a billing grace period.
  package var grantsAccess: Bool { self == .subscribed || self == .inGracePeriod }
}

/// One account's subscription in one subscription group: a customer has at most one per
/// group, renewing from transaction to transaction under one `originalId`.
package struct Subscription: Equatable, Sendable {
  package var account: String
  package var group: String
  package var originalId: UInt64
  package var originalPurchaseDate: Timestamp
  /// The newest transaction of the chain (purchase, upgrade or renewal).
  package var latest: Transaction
  /// The period of the latest transaction's product.
  package var period: SubscriptionPeriod
  /// The latest product's level in the group (1 is the highest).
  package var level: Int
  /// A product the subscription renews into instead (a downgrade), with its period and level.
  package var renewalProductId: String?
  package var renewalPeriod: SubscriptionPeriod?
  package var renewalLevel: Int?
  /// The scheduled product's price, a decimal string.
  package var renewalPrice: String?
  /// `autoRenewStatus`: whether it renews at `expirationDate`.
  package var autoRenew: Bool
  package var status: SubscriptionStatus
  /// Renewals made so far (the sandbox stops at 12).
  package var renewals: Int
  /// End of the billing grace period, while in it.
  package var gracePeriodExpires: Timestamp?
  /// End of billing retry, while a renewal payment is failing.
  package var billingRetryEnds: Timestamp?
  /// `expirationIntent` once it lapsed: 1 cancelled by the customer, 2 billing error, 3 the
  /// customer did not consent to a price increase.
  package var expirationIntent: ExpirationIntent?
  /// Whether a transaction of it was completed, so `restore` gives it back.
  package var restorable: Bool
  /// A pay-as-you-go introductory offer still running: renewals left at the offer price, the
  /// price and the offer period (ISO 8601).
  package var introRenewalsLeft = 0
  /// The price renewals charge, a decimal string (an introductory offer's first periods
  /// charge less).
  package var regularPrice: String?
  package var introPrice: String?
  package var introPeriod: String?
  /// The promotional offer those renewals belong to, when it is one (`offerIdentifier`).
  package var introOfferIdentifier: String?
  /// The kind of offer those renewals belong to when it is an offer code (3) or a win-back
  /// offer (4); nil for an introductory or promotional offer.
  package var introOfferType: OfferType?
  /// The paid time of the subscription so far, in nominal days (a week 7, a month 30, a
  /// year 365; free periods count nothing): a win-back offer's paid-duration rule reads it.
  package var paidDays = 0
  /// When the customer last redeemed a win-back offer in the group: a win-back offer's wait
  /// between offers counts from it.
  package var lastWinBackRedemption: Timestamp?
  /// The renewal-date extensions granted, oldest first (Apple allows two in 365 days).
  package var extensions: [RenewalExtension] = []
  /// Where the current run of regular periods began (the purchase, or the renewal that
  /// started it after an offer, a change of period or a billing recovery), and how many
  /// periods the latest expiration is from it. Renewals fall on the anniversaries of the
  /// anchor, so that Jan 31 renews on Feb 28, then Mar 31; nil when unknown (older states,
  /// or an offer period running), and the next renewal starts a new anchor.
  package var anchor: Timestamp?
  package var anchorPeriods = 0
  /// A price increase announced to this subscriber and not yet charged.
  package var priceIncrease: PriceIncrease?
  /// When the last increase that needed no consent was announced: Apple allows one a year.
  package var lastIncreaseWithoutConsent: Timestamp?
  /// A promotional offer redeemed for the next renewal (see `ScheduledOffer`).
  package var scheduledOffer: ScheduledOffer?
  /// The 12-month commitment a subscription billed monthly runs in; nil when billed up front.
  package var commitment: Commitment?
  /// The plan the customer chose for when the commitment ends (`.billedUpfront` moves to the
  /// yearly price); nil renews the commitment.
  package var renewalBillingPlan: BillingPlanType?

  package init(
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

  package var productId: String { latest.productId }
  package var expirationDate: Timestamp { latest.expirationDate ?? latest.purchaseDate }
  /// Whether the App Store is still trying to collect a renewal payment
  /// (`isInBillingRetryPeriod`): in billing retry, and in the grace period that precedes it.
  package var isInBillingRetry: Bool { status == .inBillingRetryPeriod || status == .inGracePeriod }

  /// `expirationIntent` as renewal info reports it: why it expired, or 2 (billing error)
  /// while a renewal payment is failing, as Apple pairs it with `isInBillingRetryPeriod`.
  package var reportedExpirationIntent: ExpirationIntent? { expirationIntent ?? (isInBillingRetry ? .billingError : nil) }

  /// The product the next renewal will be for (`autoRenewProductId`).
  package var autoRenewProductId: String { renewalProductId ?? latest.productId }

  /// The plan the next renewal bills under (`renewalBillingPlanType`): monthly while the
  /// commitment has periods left, then the customer's choice; nil for a subscription of a
  /// product without billing plans.
  package var nextBillingPlan: BillingPlanType? {
    guard let commitment else { return latest.billingPlanType.map { _ in renewalBillingPlan ?? .billedUpfront } }
    return commitment.hasPeriodsLeft ? .monthly : renewalBillingPlan ?? .monthly
  }

  /// `autoRenewStatus`: a commitment with billing periods left renews each month whatever
  /// the customer chose, which applies at the commitment's end (`commitmentAutoRenewStatus`).
  package var renewsNextPeriod: Bool { autoRenew || (commitment?.hasPeriodsLeft ?? false) }

  /// The price increase the next renewal is subject to: one for the product it renews into,
  /// not declined.
  package var pendingPriceIncrease: PriceIncrease? {
    guard let increase = priceIncrease, increase.status != .declined, increase.productId == autoRenewProductId else { return nil }
    return increase
  }

  /// The price the next renewal charges (`renewalPrice`), a decimal string: at a commitment's
  /// end that moves to the plan billed up front, the yearly price; else a promotional
  /// offer's redeemed for it (which replaces a pay-as-you-go offer still running, as the
  /// renewal applies it), else the running pay-as-you-go offer's, else a price increase the
  /// customer accepted or has yet to answer, else a scheduled product's, else the regular price.
  package var nextRenewalPrice: String? {
    if let commitment, !commitment.hasPeriodsLeft, nextBillingPlan == .billedUpfront { return commitment.upfrontPrice }
    if let offer = scheduledOffer, offer.productId == autoRenewProductId, let price = offer.firstPrice { return price }
    if introRenewalsLeft > 0, let introPrice { return introPrice }
    return pendingPriceIncrease?.price ?? renewalPrice ?? regularPrice ?? latest.price
  }
}
