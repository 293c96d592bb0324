import IAPFormats

/// Why the App Store does not extend a subscription's renewal date.
package enum ExtensionRefusal: Error, Equatable, Sendable {
  /// Not an active, paid subscription: expired, in billing retry or grace, revoked, or in a
  /// free offer period (Apple's SubscriptionExtensionIneligibleError).
  case ineligible
  /// Already extended twice in the past 365 days (SubscriptionMaxExtensionError).
  case maximumReached
  /// A family member's share: it is extended with the purchaser's subscription
  /// (FamilySharedSubscriptionExtensionIneligibleError).
  case familyShared
}

/// What the developer's server asks of the store through the App Store Server API: renewal-
/// date extensions and test notifications. They act on any account of the store, as the
/// server speaks for the app, not for one customer.
package extension Store {
  /// Extend a Subscription Renewal Date: the subscription's current period ends `days`
  /// later, and so does every renewal after it; RENEWAL_EXTENDED is sent. A request
  /// identifier already granted to this subscription is answered again, not applied twice.
  mutating func extendRenewalDate(
    of subscription: Subscription, days: Int, reasonCode: Int, requestIdentifier: String, now: Timestamp
  ) throws(ExtensionRefusal) -> RenewalExtension {
    var subscription = subscription
    if let earlier = subscription.extensions.first(where: { $0.requestIdentifier == requestIdentifier }) { return earlier }
    guard subscription.latest.familySharedFrom == nil else { throw .familyShared }
    // Apple: only paid, active subscriptions; not in a free offer period, billing retry or grace.
    guard subscription.status == .subscribed, subscription.expirationDate > now, subscription.latest.offerDiscountType != .freeTrial
    else { throw .ineligible }
    let yearAgo = Timestamp(saturating: -365 * 86_400, times: 1000, plus: now.milliseconds)
    guard subscription.extensions.filter({ $0.date > yearAgo }).count < RenewalExtension.maximumPerYear else { throw .maximumReached }
    var latest = subscription.latest
    let effective = rules.end(ofExtension: days, from: subscription.expirationDate)
    latest.expirationDate = effective
    record(latest)
    let granted = RenewalExtension(requestIdentifier: requestIdentifier, days: days, reasonCode: reasonCode, date: now, effectiveDate: effective)
    subscription.latest = latest
    subscription.extensions.append(granted)
    record(.subscription(subscription))
    notify(.renewalExtended, nil, subscription, at: now)
    extendFamilyShares(of: subscription, to: effective, at: now)
    return granted
  }

  /// Apple extends the family members' shares of an extended subscription with it.
  private mutating func extendFamilyShares(of subscription: Subscription, to effective: Timestamp, at now: Timestamp) {
    for member in state.families[subscription.account] ?? [] {
      guard var shared = state.accounts[member]?.subscriptions[subscription.group],
        shared.latest.familySharedFrom == subscription.originalId, shared.status == .subscribed
      else { continue }
      shared.latest.expirationDate = effective
      record(shared.latest)
      record(.subscription(shared))
      notify(.renewalExtended, nil, shared, at: now)
    }
  }

  /// Extend Subscription Renewal Dates for All Active Subscribers of a product (in the given
  /// storefronts, or all): each is extended as one request would be, or counted as failed
  /// with a RENEWAL_EXTENSION FAILURE notification; then RENEWAL_EXTENSION SUMMARY. The
  /// store completes it at once. A request identifier already used for the product is
  /// answered with what it did.
  mutating func extendRenewalDates(_ request: MassExtension, now: Timestamp) -> MassExtension {
    if let earlier = state.massExtensions[request.key] { return earlier }
    var outcome = request
    for name in state.accounts.keys.sorted() {
      let subscriptions = state.accounts[name]!.subscriptions
      for group in subscriptions.keys.sorted() {
        let subscription = subscriptions[group]!
        // Active subscribers: those the store has not already let go.
        guard subscription.productId == request.productId, subscription.status != .expired, subscription.status != .revoked,
          subscription.latest.familySharedFrom == nil,
          request.storefrontCountryCodes.isEmpty || request.storefrontCountryCodes.contains(subscription.latest.storefront ?? "")
        else { continue }
        do {
          _ = try extendRenewalDate(
            of: subscription, days: request.days, reasonCode: request.reasonCode, requestIdentifier: request.requestIdentifier, now: now)
          outcome.succeededCount += 1
        } catch {
          outcome.failedCount += 1
          notify(.renewalExtension, .failure, subscription, at: now)
        }
      }
    }
    record(.massExtension(outcome))
    record(
      .notification(
        ServerNotification(type: .renewalExtension, subtype: .summary, date: now, transaction: nil, summary: outcome, bundleId: app.bundleId)))
    return outcome
  }

  /// Request a Test Notification: a TEST notification, about no transaction.
  /// - Returns: its sequence number (1-based), which names it from then on.
  mutating func sendTestNotification(now: Timestamp) -> Int {
    record(.notification(ServerNotification(type: .test, date: now, transaction: nil, bundleId: app.bundleId)))
    return state.notificationCount
  }

  /// Send Consumption Information: the developer's answer to a refund request's
  /// CONSUMPTION_REQUEST is kept with the request (a later answer replaces it).
  /// - Returns: the transaction as it now stands, or nil when no refund request is open.
  mutating func recordConsumptionInformation(_ body: String, on transaction: Transaction) -> Transaction? {
    guard var request = transaction.refundRequest, request.isOpen else { return nil }
    request.consumptionInformation = body
    var answered = transaction
    answered.refundRequest = request
    record(answered)
    return answered
  }

  /// Set App Account Token: `token` (a lowercased UUID) becomes the `appAccountToken` of the
  /// purchase `original` and, for a subscription, of its newest transaction and the renewals
  /// to come.
  ///
  /// - Parameter original: the latest version of an original transaction, from history.
  /// - Returns: the transactions as they now stand.
  mutating func setAppAccountToken(_ token: String, on original: Transaction) -> [Transaction] {
    var changed = original
    changed.appAccountToken = token
    record(changed)
    var result = [changed]
    if let group = original.subscriptionGroup, var subscription = state.accounts[original.account]?.subscriptions[group],
      subscription.originalId == original.id, subscription.latest.id != original.id
    {
      subscription.latest.appAccountToken = token
      record(subscription.latest)
      record(.subscription(subscription))
      result.append(subscription.latest)
    }
    return result
  }
}
