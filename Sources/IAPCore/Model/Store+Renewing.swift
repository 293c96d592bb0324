import IAPFormats

/// Time passing on the App Store's side: renewals, expiries, grace periods and billing
/// retry, made when a command observes a clock that has passed them.
package extension Store {
  /// When `subscription` next changes by itself, if it will.
  static func nextEvent(of subscription: Subscription) -> Timestamp? {
    switch subscription.status {
    case .subscribed: return subscription.expirationDate
    case .inGracePeriod: return subscription.gracePeriodExpires
    case .inBillingRetryPeriod: return subscription.billingRetryEnds
    case .expired, .revoked: return nil
    }
  }

  /// Whether any subscription, of any account, has an event due at `now`. Cheap, so that
  /// commands can skip the rest when nothing is due.
  func hasDueSubscriptionEvents(at now: Timestamp) -> Bool {
    state.accounts.values.contains { account in
      account.subscriptions.values.contains { Self.nextEvent(of: $0).map { $0 <= now } ?? false }
    }
  }

  /// The most subscription events (renewals, expiries, billing events) one command makes.
  /// A clock move that covers more is refused whole, and the catch-up after a longer gap on
  /// the real clock is spread over later commands, so that no command holds the state's lock
  /// for long (nor writes without bound): a full budget takes several seconds and writes
  /// several hundred megabytes of log. It is 2.4 times a century of 20 weekly subscriptions
  /// (docs/performance.md).
  static let eventBudget = 250_000

  /// How many events a long run commits at a time: what memory holds of the records made.
  static let eventBatch = 2_048

  /// At least as many events as running the time to `now` makes, or nil when no cheap bound
  /// is known: each due subscription renews at most once a period (a month is never shorter
  /// than 28 days, nor a week than 7), and its grace, billing retry and expiry add at most
  /// three more. Nil with a time rate (compressed periods) and for introductory offers
  /// (periods of days), where a clock move runs the time in memory to count instead.
  func eventBound(until now: Timestamp) -> Int? {
    guard rules.timeRate.compressedSeconds(.oneWeek) == nil else { return nil }
    var total = 0
    for account in state.accounts.values {
      for subscription in account.subscriptions.values {
        guard let next = Self.nextEvent(of: subscription), next <= now else { continue }
        guard subscription.introRenewalsLeft == 0 else { return nil }
        let days = [subscription.period, subscription.renewalPeriod ?? subscription.period].map { period in
          let calendar = period.calendarPeriod
          return calendar.months > 0 ? Int64(calendar.months) * 28 : Int64(max(1, calendar.days))
        }.min()!
        let (span, overflow) = (now.milliseconds - next.milliseconds).dividedReportingOverflow(by: days * 86_400_000)
        guard !overflow, span < Int64(Int.max / 4) else { return nil }
        total += Int(span) + 4
        if total > Int.max / 4 { return nil }
      }
    }
    return total
  }

  /// Runs the store's time to `now`, for every account, earliest event first: as many
  /// renewals as the time covers, then expiry or billing retry as the rules say, and the
  /// UNREPORTED notifications of external purchase tokens whose reporting period ended.
  ///
  /// - Parameter budget: the most events to make; the rest stay due.
  /// - Returns: whether the store's time reached `now` (false when the budget ran out first).
  @discardableResult
  mutating func advance(to now: Timestamp, budget: Int = .max) -> Bool {
    var made = 0
    var schedule = SubscriptionSchedule(state, until: now)
    while let due = nextDue(from: &schedule, until: now) {
      guard made < budget else { return false }
      made += 1
      // Tokens' reporting periods that end before this event, in their place in time.
      if let at = Self.nextEvent(of: due) { notifyUnreportedTokens(until: at) }
      let recorded = changes.count
      defer { reschedule(&schedule, after: recorded, until: now) }
      var subscription = due
      let at = Self.nextEvent(of: subscription)!
      switch subscription.status {
      case .subscribed:
        // A commitment's billing periods are owed: turning auto-renew off, a price increase
        // and removal from sale wait for the commitment's end.
        let committed = subscription.commitment?.hasPeriodsLeft ?? false
        if !subscription.autoRenew && !committed {
          // A declined price increase is why auto-renew is off: intent 3.
          lapse(&subscription, intent: subscription.priceIncrease?.status == .declined ? .didNotConsentToPriceIncrease : .customerCancelled, at: at)
        } else if !committed, subscription.pendingPriceIncrease?.status == .pending {
          // No consent to the price increase by the renewal date: it does not renew.
          subscription.autoRenew = false
          lapse(&subscription, intent: .didNotConsentToPriceIncrease, at: at)
        } else if !committed, rules.removedFromSale.contains(subscription.autoRenewProductId) {
          // The developer removed the product from sale: the subscription runs to the end of
          // its period and does not renew (expirationIntent 4, EXPIRED PRODUCT_NOT_FOR_SALE).
          lapse(&subscription, intent: .productNotAvailable, at: at)
        } else if let limit = rules.renewalLimit, subscription.renewals >= limit {
          // The sandbox cancels a subscription after its renewal limit.
          subscription.autoRenew = false
          record(.subscription(subscription))
          notify(.didChangeRenewalStatus, .autoRenewDisabled, subscription, at: at)
          lapse(&subscription, intent: .customerCancelled, at: at)
        } else if rules.billingRetry {
          subscription.billingRetryEnds = rules.billingRetryEnd(from: at)
          if rules.gracePeriod {
            subscription.status = .inGracePeriod
            subscription.gracePeriodExpires = rules.graceEnd(for: subscription.period, from: at)
          } else {
            subscription.status = .inBillingRetryPeriod
          }
          record(.subscription(subscription))
          notify(.didFailToRenew, rules.gracePeriod ? .gracePeriod : nil, subscription, at: at)
        } else {
          renew(&subscription, startingAt: at)
        }
      case .inGracePeriod:
        subscription.status = .inBillingRetryPeriod
        subscription.gracePeriodExpires = nil
        record(.subscription(subscription))
        notify(.gracePeriodExpired, nil, subscription, at: at)
      case .inBillingRetryPeriod:
        subscription.billingRetryEnds = nil
        lapse(&subscription, intent: .billingError, at: at)
      case .expired, .revoked:
        return true
      }
    }
    notifyUnreportedTokens(until: now)
    return true
  }

  /// The subscription whose event is the earliest due, taken off `schedule`.
  private func nextDue(from schedule: inout SubscriptionSchedule, until now: Timestamp) -> Subscription? {
    while let entry = schedule.popEarliest() {
      guard let subscription = state.accounts[entry.account]?.subscriptions[entry.group] else { continue }
      // A subscription changed outside the records `reschedule` reads is scheduled afresh.
      guard Self.nextEvent(of: subscription) == entry.at else {
        schedule.schedule(subscription, until: now)
        continue
      }
      return subscription
    }
    return nil
  }

  /// Schedules again every subscription that the records made since `changes[start]` changed
  /// (the event's own, and family members' shares that mirror it).
  private func reschedule(_ schedule: inout SubscriptionSchedule, after start: Int, until now: Timestamp) {
    for change in changes[start...] {
      guard case let .subscription(changed) = change,
        let current = state.accounts[changed.account]?.subscriptions[changed.group]
      else { continue }
      schedule.schedule(current, until: now)
    }
  }

  mutating func lapse(_ subscription: inout Subscription, intent: ExpirationIntent, at date: Timestamp? = nil) {
    subscription.status = .expired
    subscription.expirationIntent = intent
    // An expired subscription has no price left to rise.
    subscription.priceIncrease = nil
    record(.subscription(subscription))
    let subtype = intent.expiredSubtype
    notify(.expired, subtype, subscription, at: date ?? subscription.expirationDate)
    mirrorFamilyShares(of: subscription, at: date ?? subscription.expirationDate, notifying: .expired, subtype)
  }

  /// A renewal: a new transaction under the same original, starting at `start`, for the
  /// product the subscription renews into (a scheduled downgrade takes effect here).
  mutating func renew(_ subscription: inout Subscription, startingAt start: Timestamp, recovery: Bool = false, at date: Timestamp? = nil) {
    if Self.renewsMonthly(subscription) {
      renewCommitment(&subscription, startingAt: start, recovery: recovery, at: date)
      return
    }
    endCommitment(&subscription)
    let period = subscription.renewalPeriod ?? subscription.period
    let previous = subscription.latest
    // A monthly subscription renews on the monthly anniversary of its start (Jan 31: Feb 28,
    // Mar 31, Apr 30), not a month after the last, possibly clamped, expiration. The run of
    // periods goes on from its anchor while the anchor still gives this renewal's start (same
    // period, same rate, no gap); otherwise this renewal anchors a new run.
    var anchor = start
    var periods = 1
    if let current = subscription.anchor, period == subscription.period,
      rules.end(of: period, count: subscription.anchorPeriods, from: current) == start
    {
      anchor = current
      periods = subscription.anchorPeriods + 1
    }
    // An accepted price increase is charged from this renewal on.
    let increase = subscription.pendingPriceIncrease.flatMap { $0.status == .accepted ? $0 : nil }
    var renewal = Transaction(
      id: issueId(), originalId: subscription.originalId, productId: subscription.autoRenewProductId,
      productType: .autoRenewable, state: .purchased, quantity: 1, purchaseDate: start,
      originalPurchaseDate: subscription.originalPurchaseDate, expirationDate: rules.end(of: period, count: periods, from: anchor),
      applicationUsername: previous.applicationUsername, account: subscription.account, device: previous.device,
      subscriptionGroup: subscription.group, isRenewal: true, bundleId: previous.bundleId,
      storefront: previous.storefront, price: increase?.price ?? subscription.renewalPrice ?? subscription.regularPrice ?? previous.price,
      currency: previous.currency)
    renewal.appAccountToken = previous.appAccountToken
    // A product with billing plans bills its renewals up front once no commitment runs.
    renewal.billingPlanType = previous.billingPlanType.map { _ in .billedUpfront }
    if let offer = subscription.scheduledOffer, offer.productId == renewal.productId {
      // A promotional offer redeemed during the last period prices this one, and with pay as
      // you go the next ones too, as a purchase with it would (`ScheduledOffer`).
      let left = applyIntroductoryOffer(offer.terms, to: &renewal)
      renewal.offerIdentifier = offer.id
      renewal.redeemedOfferType = offer.offerType == .promotional ? nil : offer.offerType
      subscription.introOfferType = left > 0 && offer.offerType != .promotional ? offer.offerType : nil
      subscription.introRenewalsLeft = left
      subscription.introPrice = left > 0 ? offer.firstPrice : nil
      subscription.introPeriod = left > 0 ? offer.terms.period.iso8601 : nil
      subscription.introOfferIdentifier = left > 0 ? offer.id : nil
      subscription.anchor = nil
      subscription.anchorPeriods = 0
    } else if subscription.introRenewalsLeft > 0, let text = subscription.introPeriod, let offer = OfferPeriod(iso8601: text) {
      // A pay-as-you-go introductory offer runs on: another period at the offer price.
      renewal.expirationDate = rules.end(ofOffer: offer, count: 1, from: start)
      renewal.price = subscription.introPrice
      renewal.offerDiscountType = .payAsYouGo
      // The offer's whole duration, as the period that redeemed it carries it.
      renewal.offerPeriod = previous.offerPeriod ?? text
      renewal.offerIdentifier = subscription.introOfferIdentifier
      renewal.redeemedOfferType = subscription.introOfferType
      subscription.introRenewalsLeft -= 1
      // Offer periods are not regular ones: the first regular renewal anchors the run.
      subscription.anchor = nil
      subscription.anchorPeriods = 0
    } else {
      subscription.anchor = anchor
      subscription.anchorPeriods = periods
    }
    record(renewal)
    if (SignedPayloads.milliunits(renewal.price) ?? 0) > 0 {
      let offered = renewal.offerDiscountType == nil ? nil : subscription.introPeriod.flatMap(OfferPeriod.init(iso8601:))
      subscription.paidDays += offered.map(WinBackEligibility.nominalDays) ?? WinBackEligibility.nominalDays(period)
    }
    subscription.regularPrice = subscription.renewalPrice ?? subscription.regularPrice
    if let increase {
      subscription.regularPrice = increase.price
      subscription.priceIncrease = nil
    }
    subscription.latest = renewal
    subscription.period = period
    subscription.level = subscription.renewalLevel ?? subscription.level
    subscription.renewalProductId = nil
    subscription.renewalPeriod = nil
    subscription.renewalLevel = nil
    subscription.renewalPrice = nil
    subscription.scheduledOffer = nil
    recordRenewal(of: &subscription, recovery: recovery, at: date ?? start)
  }

  /// The end of every renewal, monthly commitment or not: the subscription is subscribed
  /// again with its billing trouble cleared, recorded, and its renewal notified (the family's
  /// shares with it).
  mutating func recordRenewal(of subscription: inout Subscription, recovery: Bool, at date: Timestamp) {
    subscription.renewals += 1
    subscription.status = .subscribed
    subscription.gracePeriodExpires = nil
    subscription.billingRetryEnds = nil
    subscription.expirationIntent = nil
    record(.subscription(subscription))
    notify(.didRenew, recovery ? .billingRecovery : nil, subscription, at: date)
    mirrorFamilyShares(of: subscription, at: date, notifying: .didRenew, recovery ? .billingRecovery : nil)
  }
}
