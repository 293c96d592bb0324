import IAPFormats

/// How a purchase relates to the subscription the account already has in its group.
package enum SubscriptionChange: Equatable {
  /// The same product: already subscribed, nothing to charge.
  case same
  /// A higher level (or the same level and period): takes effect at once.
  case upgrade
  /// A lower level, or the same level with another period: takes effect at the renewal date.
  case atRenewal
}

package extension Store {
  /// How buying `product` changes the account's active subscription in its group; nil when
  /// there is none (or it has lapsed), so the purchase starts a subscription.
  func subscriptionChange(to product: Product) -> SubscriptionChange? {
    guard product.type == .autoRenewable, let group = product.subscriptionGroup,
      let current = accountState.subscriptions[group], current.status != .expired, current.status != .revoked
    else { return nil }
    if product.id == current.productId { return .same }
    let level = product.groupLevel ?? 1
    if level < current.level { return .upgrade }
    if level == current.level && product.subscriptionPeriod == current.period { return .upgrade }
    return .atRenewal
  }

  /// Makes `purchase` the first period of an offer's terms (an introductory offer, or a
  /// promotional offer's); returns how many more periods renew at the offer price (pay as
  /// you go).
  func applyIntroductoryOffer(_ offer: IntroductoryOffer, to purchase: inout Transaction) -> Int {
    let periods = offer.paymentMode == .payAsYouGo ? 1 : offer.numberOfPeriods
    purchase.expirationDate = rules.end(ofOffer: offer.period, count: periods, from: purchase.purchaseDate)
    purchase.price = offer.paymentMode == .free ? "0" : offer.price.map { "\($0)" } ?? purchase.price
    purchase.offerDiscountType = offer.discountType
    purchase.offerPeriod = offer.wholeDuration
    return offer.paymentMode == .payAsYouGo ? offer.numberOfPeriods - 1 : 0
  }

  /// The nominal paid days of a first period (`Subscription.paidDays`): none when it is
  /// free, the offer's periods it covers when an offer prices it, else the product's period.
  static func paidDays(of purchase: Transaction, offer: IntroductoryOffer?, product: Product) -> Int {
    guard (SignedPayloads.milliunits(purchase.price) ?? 0) > 0 else { return 0 }
    if purchase.offerDiscountType != nil, let offer {
      let one = WinBackEligibility.nominalDays(offer.period)
      return offer.paymentMode == .payAsYouGo ? one : one * offer.numberOfPeriods
    }
    return WinBackEligibility.nominalDays(product.subscriptionPeriod ?? .oneMonth)
  }


  /// Whether the account may redeem an introductory offer in `product`'s group: it has never
  /// subscribed in the group (`isEligibleForIntroOffer`, which is the group's, whatever
  /// offer the product has).
  func isEligibleForIntroductoryOffer(_ product: Product) -> Bool {
    accountState.subscriptions[product.subscriptionGroup ?? product.id] == nil
  }

  /// Starts the subscription `purchase` buys, or upgrades the group's current one at once.
  ///
  /// - Parameter promotional: a promotional offer the purchase redeems (already checked). It
  ///   prices and times the first period(s) instead of any introductory offer; for a current
  ///   subscriber moving up it takes effect at once, with `OFFER_REDEEMED` UPGRADE (one for
  ///   the same product or a lower level waits for the renewal: `buy` schedules it).
  /// - Parameter offerType: `.offerCode` when `promotional` is an offer code's terms,
  ///   `.winBack` a win-back offer's; nil for a promotional offer.
  /// - Parameter allowIntroductoryOffer: a signed eligibility answer that overrides the
  ///   store's (`isEligibleForIntroductoryOffer`), either way.
  /// - Parameter billingPlan: the product's monthly plan with a 12-month commitment the
  ///   customer chose (no offer applies to it); nil bills the product's price up front.
  mutating func subscribe(
    with purchase: inout Transaction, to product: Product, at now: Timestamp, promotional: PromotionalOffer? = nil,
    offerType: OfferType? = nil, allowIntroductoryOffer: Bool? = nil, billingPlan: BillingPlan? = nil
  ) {
    let group = product.subscriptionGroup ?? product.id
    let previous = accountState.subscriptions[group]
    let change = subscriptionChange(to: product)
    if let previous {
      // One subscription per group, under one original transaction, across resubscribes
      // and upgrades.
      purchase.originalId = previous.originalId
      purchase.originalPurchaseDate = previous.originalPurchaseDate
    }
    // A promotional offer the purchase redeems prices it; otherwise a customer's first
    // subscription in a group gets the introductory offer.
    var introRenewalsLeft = 0
    var running = product.introductoryOffer
    if let promotional {
      running = promotional.terms
      introRenewalsLeft = applyIntroductoryOffer(promotional.terms, to: &purchase)
      purchase.offerIdentifier = promotional.id
      purchase.redeemedOfferType = offerType
    } else if billingPlan?.type != .monthly, allowIntroductoryOffer ?? isEligibleForIntroductoryOffer(product), let offer = product.introductoryOffer {
      introRenewalsLeft = applyIntroductoryOffer(offer, to: &purchase)
    }
    let upgrade = previous.map { $0.status != .expired && $0.status != .revoked } ?? false
    // A current subscriber redeeming an offer for the product they have (or a lower level)
    // replaces the current period; only a move up marks the old transaction upgraded.
    if upgrade, let previous, promotional == nil || (change == .upgrade && previous.productId != product.id) {
      var replaced = previous.latest
      replaced.isUpgraded = true
      record(replaced)
    }
    if !product.billingPlans.isEmpty { purchase.billingPlanType = .billedUpfront }
    var subscription = Subscription(
      account: account, group: group, originalId: purchase.originalId,
      originalPurchaseDate: purchase.originalPurchaseDate, latest: purchase,
      period: product.subscriptionPeriod ?? .oneMonth, level: product.groupLevel ?? 1, restorable: purchase.finished || (previous?.restorable ?? false))
    subscription.regularPrice = "\(product.price)"
    if purchase.offerDiscountType == nil {
      // A regular first period anchors the renewal dates; an offer's first period does not.
      subscription.anchor = purchase.purchaseDate
      subscription.anchorPeriods = 1
    }
    if introRenewalsLeft > 0, let offer = running {
      subscription.introRenewalsLeft = introRenewalsLeft
      subscription.introPrice = offer.price.map { "\($0)" } ?? "0"
      subscription.introPeriod = offer.period.iso8601
      subscription.introOfferIdentifier = promotional?.id
      subscription.introOfferType = promotional == nil ? nil : offerType
    }
    if let billingPlan, billingPlan.type == .monthly { startCommitment(billingPlan, upfrontPrice: "\(product.price)", purchase: &purchase, subscription: &subscription) }
    record(purchase)
    let paid = billingPlan?.type != .monthly ? Self.paidDays(of: purchase, offer: running, product: product) : WinBackEligibility.nominalDays(.oneMonth)
    subscription.paidDays = (previous?.paidDays ?? 0) + paid
    subscription.lastWinBackRedemption = offerType == .winBack ? now : previous?.lastWinBackRedemption
    record(.subscription(subscription))
    if upgrade, promotional != nil {
      notify(.offerRedeemed, offerRedemptionSubtype(change), subscription, at: now)
    } else if upgrade {
      notify(.didChangeRenewalPref, .upgrade, subscription, at: now)
    } else {
      notify(.subscribed, previous == nil ? .initialBuy : .resubscribe, subscription, at: now)
    }
  }
}
