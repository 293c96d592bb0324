import IAPFormats

/// Changes the App Store makes on its side, outside any app: refunds and deletions.
package extension Store {
  /// `refundTransaction`: the purchase is revoked now; the product leaves the entitlements
  /// and a subscription ends.
  ///
  /// - Parameters:
  ///   - purchase: the latest version of the transaction, from history.
  ///   - percentage: a prorated refund's share in milliunits (`revocationPercentage`, with
  ///     `revocationType` REFUND_PRORATED); nil for a full refund (REFUND_FULL).
  mutating func refund(
    _ purchase: Transaction, reason: RevocationReason, percentage: Int? = nil, now: Timestamp
  ) throws(StoreRefusal) -> Transaction {
    guard purchase.account == account, !purchase.deleted else { throw .unknownTransaction(String(purchase.id)) }
    if purchase.revocationDate != nil { throw .alreadyRefunded(purchase.id) }
    guard purchase.state == .purchased else {
      let hint = purchase.state == .restored ? ": refund the original purchase #\(purchase.originalId)" : ""
      throw .wrongState(purchase.id, purchase.state, "only a purchased transaction can be refunded\(hint)")
    }
    var refunded = purchase
    refunded.revocationDate = now
    refunded.revocationReason = reason
    refunded.revocationPercentage = percentage
    // Granting answers a refund request under review, if there is one.
    if refunded.hasOpenRefundRequest { refunded.refundRequest?.status = .granted }
    record(refunded)
    defer {
      notify(.refund, nil, refunded, at: now)
      // Family members lose what the refunded purchase shared with them, for the
      // purchaser's reason (Apple's revocationReason page: a member's revocation after the
      // purchaser's refund carries the purchaser's reason).
      revokeShares(of: refunded.originalId, reason: reason, now: now)
    }
    // A refunded subscription ends: access goes, and it does not renew.
    if let group = refunded.subscriptionGroup, var subscription = accountState.subscriptions[group],
      subscription.originalId == refunded.originalId
    {
      subscription.status = .revoked
      subscription.autoRenew = false
      record(.subscription(subscription))
    }
    return refunded
  }

  /// `deleteTransaction`: removes a transaction from the store's history, with the
  /// transactions that carry it as their original (its restores).
  ///
  /// - Parameters:
  ///   - target: the latest version of the transaction, from history.
  ///   - history: the account's transactions, to find those that derive from it.
  /// - Returns: the deleted transactions as they were.
  mutating func delete(_ target: Transaction, history: [Transaction]) throws(StoreRefusal) -> [Transaction] {
    guard target.account == account, !target.deleted else { throw .unknownTransaction(String(target.id)) }
    let doomed = history.filter {
      !$0.deleted && $0.account == account && ($0.id == target.id || ($0.originalId == target.id && $0.id != $0.originalId))
    }
    for transaction in doomed {
      var tombstone = transaction
      tombstone.deleted = true
      record(tombstone)
    }
    if let group = target.subscriptionGroup, var subscription = accountState.subscriptions[group],
      subscription.originalId == target.originalId
    {
      // Deleting the original deletes the subscription; deleting its newest renewal rolls
      // it back to the one before.
      let remaining = history.filter {
        $0.originalId == subscription.originalId && !$0.deleted && !doomed.contains($0) && $0.state == .purchased
      }
      if target.id == subscription.originalId || remaining.isEmpty {
        record(.removeSubscription(account: account, group: group))
      } else if doomed.contains(where: { $0.id == subscription.latest.id }), let previous = remaining.max(by: { $0.id < $1.id }) {
        subscription.latest = previous
        record(.subscription(subscription))
      }
    }
    return doomed
  }

  /// `clearTransactions` for this account: every transaction, queue entry and purchase goes.
  mutating func clear() {
    record(.clearAccount(account))
  }

  /// Deletes the app from this device and installs it again: the device's payment queue
  /// starts empty; the account's purchase history stays.
  /// - Returns: the transactions that were waiting in the device's queue, for every account.
  mutating func reinstall() -> [Transaction] {
    let dropped = state.accounts.keys.sorted().flatMap { state.accounts[$0]?.queues[device]?.transactions ?? [] }
    record(.reinstall(device: device))
    return dropped
  }
}
