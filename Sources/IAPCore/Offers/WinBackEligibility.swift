import IAPFormats

/// Apple's win-back eligibility, pure: whether a customer whose subscription lapsed may
/// redeem a win-back offer now, and which offers renewal info lists
/// (`eligibleWinBackOfferIds`).
///
/// Apple's rules ("Supporting win-back offers in your app", StoreKit documentation, and
/// `eligibleWinBackOfferIds`): the subscription is churned (its expiration date is past and
/// it will not renew: `willAutoRenew` false), never in a billing grace period or billing
/// retry; the offers are those of the customer's most recent subscription in the group; the customer has
/// paid for at least the offer's paid duration, lapsed within the offer's window of months,
/// and waited the offer's months since the last win-back offer they redeemed. Months are
/// counted with the store's subscription rules, so a time rate compresses them as it
/// compresses renewal periods.
package enum WinBackEligibility {
  /// The nominal length of a period in days, as paid durations are tallied: a week 7, a
  /// month 30, a year 365.
  package static func nominalDays(_ period: OfferPeriod) -> Int {
    switch period.unit {
    case .day: return period.count
    case .week: return 7 * period.count
    case .month: return 30 * period.count
    case .year: return 365 * period.count
    }
  }

  /// The nominal days of a renewal period.
  package static func nominalDays(_ period: SubscriptionPeriod) -> Int {
    OfferPeriod(iso8601: period.rawValue).map(nominalDays) ?? 30
  }

  /// Why the customer whose subscription in the offer's group is `subscription` may not
  /// redeem `offer` at `now`; nil when they may.
  package static func refusal(_ offer: WinBackOffer, subscription: Subscription?, rules: SubscriptionRules, now: Timestamp) -> String? {
    guard let subscription else { return "the customer never subscribed in the group: win-back offers are for lapsed subscribers" }
    guard subscription.status == .expired else {
      return "the subscription is \(subscription.status.rawValue): win-back offers are for lapsed subscribers, never in a grace period or billing retry"
    }
    // Churned is expired and not renewing: a subscription that lapsed while still set to
    // renew (its billing retry ran out, its product left sale) may yet come back by itself.
    guard !subscription.autoRenew else {
      return "the subscription lapsed but is still set to renew: win-back offers are for subscriptions that expired and will not renew"
    }
    if subscription.paidDays < offer.paidMonths * 30 {
      return "the customer paid for \(subscription.paidDays) days; '\(offer.id)' needs \(spell(offer.paidMonths)) (\(offer.paidMonths * 30) days)"
    }
    let lapsed = subscription.expirationDate
    if now < months(offer.minimumMonthsSinceLastSubscribed, after: lapsed, rules) {
      return "the subscription lapsed \(lapsed.iso8601); '\(offer.id)' is for customers who lapsed at least \(spell(offer.minimumMonthsSinceLastSubscribed)) ago"
    }
    if let maximum = offer.maximumMonthsSinceLastSubscribed, now >= months(maximum, after: lapsed, rules) {
      return "the subscription lapsed \(lapsed.iso8601); '\(offer.id)' is for customers who lapsed less than \(spell(maximum)) ago"
    }
    if let wait = offer.waitBetweenOffersMonths, let last = subscription.lastWinBackRedemption, now < months(wait, after: last, rules) {
      return "the customer redeemed a win-back offer \(last.iso8601); '\(offer.id)' needs \(spell(wait)) between offers"
    }
    return nil
  }

  /// The ids of `offers` the customer may redeem at `now`, in catalog order (the catalog
  /// lists the best first, as Apple sorts `eligibleWinBackOfferIds`).
  package static func eligibleIds(_ offers: [WinBackOffer], subscription: Subscription, rules: SubscriptionRules, now: Timestamp) -> [String] {
    offers.filter { refusal($0, subscription: subscription, rules: rules, now: now) == nil }.map(\.id)
  }

  /// "1 month", "3 months".
  static func spell(_ months: Int) -> String { months == 1 ? "1 month" : "\(months) months" }

  /// `count` months after `date`, as the rules count them (a time rate compresses them).
  static func months(_ count: Int, after date: Timestamp, _ rules: SubscriptionRules) -> Timestamp {
    guard let period = OfferPeriod(count: count, unit: .month) else { return date }
    return rules.end(ofOffer: period, count: 1, from: date)
  }
}
