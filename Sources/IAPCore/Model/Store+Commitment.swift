import IAPFormats

/// Monthly billing with a 12-month commitment: the first period a purchase starts, the
/// eleven monthly renewals the customer owes, and the commitment's renewal at its end.
package extension Store {
  /// Makes `purchase` the first monthly billing period of a commitment to `plan`, and the
  /// subscription it starts billed monthly from its purchase date.
  func startCommitment(_ plan: BillingPlan, upfrontPrice: String, purchase: inout Transaction, subscription: inout Subscription) {
    let start = purchase.purchaseDate
    let commitment = Commitment(
      billingPeriodNumber: 1, expires: rules.end(of: .oneMonth, count: BillingPlan.commitmentPeriods, from: start),
      price: "\(plan.price)", commitmentPrice: "\(plan.commitmentPrice)", upfrontPrice: upfrontPrice)
    purchase.price = commitment.price
    purchase.expirationDate = rules.end(of: .oneMonth, from: start)
    purchase.offerDiscountType = nil
    purchase.offerPeriod = nil
    purchase.billingPlanType = .monthly
    purchase.commitment = commitment.transactionInfo
    subscription.latest = purchase
    subscription.commitment = commitment
    subscription.period = .oneMonth
    subscription.regularPrice = commitment.price
    subscription.anchor = start
    subscription.anchorPeriods = 1
    subscription.introRenewalsLeft = 0
  }

  /// Whether the renewal at hand stays on the monthly plan: a billing period of the
  /// commitment remains, or the commitment ends and renews (the customer kept the plan and
  /// the product).
  static func renewsMonthly(_ subscription: Subscription) -> Bool {
    guard let commitment = subscription.commitment else { return false }
    return commitment.hasPeriodsLeft || (subscription.renewalBillingPlan != .billedUpfront && subscription.renewalProductId == nil)
  }

  /// Ends the commitment at the renewal at hand: the subscription renews at the product's
  /// price billed up front for a year, or into the product the customer chose.
  func endCommitment(_ subscription: inout Subscription) {
    guard let commitment = subscription.commitment else { return }
    if subscription.renewalProductId == nil {
      subscription.renewalPeriod = .oneYear
      subscription.renewalPrice = commitment.upfrontPrice
    }
    subscription.commitment = nil
    subscription.renewalBillingPlan = nil
  }

  /// A monthly renewal: the commitment's next billing period, or the first of a new
  /// commitment when the last one ended, on the monthly anniversaries of the run's anchor.
  mutating func renewCommitment(_ subscription: inout Subscription, startingAt start: Timestamp, recovery: Bool, at date: Timestamp?) {
    guard var commitment = subscription.commitment else { return }
    let previous = subscription.latest
    var anchor = start
    var periods = 1
    if let current = subscription.anchor, rules.end(of: .oneMonth, count: subscription.anchorPeriods, from: current) == start {
      anchor = current
      periods = subscription.anchorPeriods + 1
    }
    if commitment.hasPeriodsLeft {
      commitment.billingPeriodNumber += 1
    } else {
      commitment.billingPeriodNumber = 1
      commitment.expires = rules.end(of: .oneMonth, count: periods + BillingPlan.commitmentPeriods - 1, from: anchor)
    }
    var renewal = Transaction(
      id: issueId(), originalId: subscription.originalId, productId: previous.productId,
      productType: .autoRenewable, state: .purchased, quantity: 1, purchaseDate: start,
      originalPurchaseDate: subscription.originalPurchaseDate, expirationDate: rules.end(of: .oneMonth, count: periods, from: anchor),
      applicationUsername: previous.applicationUsername, account: subscription.account, device: previous.device,
      subscriptionGroup: subscription.group, isRenewal: true, bundleId: previous.bundleId,
      storefront: previous.storefront, price: commitment.price, currency: previous.currency)
    renewal.appAccountToken = previous.appAccountToken
    renewal.billingPlanType = .monthly
    renewal.commitment = commitment.transactionInfo
    record(renewal)
    subscription.paidDays += WinBackEligibility.nominalDays(.oneMonth)
    subscription.latest = renewal
    subscription.commitment = commitment
    subscription.anchor = anchor
    subscription.anchorPeriods = periods
    recordRenewal(of: &subscription, recovery: recovery, at: date ?? start)
  }
}
