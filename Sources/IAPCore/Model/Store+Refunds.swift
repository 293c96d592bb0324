import IAPFormats

/// A refund's life beyond `refund` (Store+StoreSide.swift): the customer asks Apple, Apple
/// declines, and a granted refund can be reversed after a dispute.
package extension Store {
  /// The customer asks Apple for a refund of `purchase`. For a consumable or an
  /// auto-renewable subscription Apple sends CONSUMPTION_REQUEST, so that the developer may
  /// send consumption information while the request is under review ("When a customer
  /// initiates a refund request for a consumable in-app purchase or auto-renewable
  /// subscription, the App Store sends a CONSUMPTION_REQUEST": Apple's
  /// consumptionRequestReason page). Nothing else changes until Apple answers.
  ///
  /// - Parameter purchase: the latest version of the transaction, from history.
  mutating func requestRefund(
    _ purchase: Transaction, reason: ConsumptionRequestReason, now: Timestamp
  ) throws(StoreRefusal) -> Transaction {
    guard purchase.account == account, !purchase.deleted else { throw .unknownTransaction(String(purchase.id)) }
    guard purchase.state == .purchased else {
      let hint = purchase.state == .restored ? ": ask about the original purchase #\(purchase.originalId)" : ""
      throw .wrongState(purchase.id, purchase.state, "only a purchased transaction can be refunded\(hint)")
    }
    if purchase.revocationDate != nil { throw .alreadyRefunded(purchase.id) }
    if purchase.hasOpenRefundRequest { throw .refundRequestPending(purchase.id) }
    var requested = purchase
    requested.refundRequest = RefundRequest(date: now, reason: reason)
    record(requested)
    if purchase.productType == .consumable || purchase.productType == .autoRenewable {
      notify(.consumptionRequest, nil, requested, at: now, consumptionRequestReason: reason)
    }
    return requested
  }

  /// Apple declines the customer's refund request: REFUND_DECLINED; the purchase stands.
  mutating func declineRefund(_ purchase: Transaction, now: Timestamp) throws(StoreRefusal) -> Transaction {
    guard purchase.account == account, !purchase.deleted else { throw .unknownTransaction(String(purchase.id)) }
    guard purchase.hasOpenRefundRequest else { throw .noRefundRequest(purchase.id) }
    var declined = purchase
    declined.refundRequest?.status = .declined
    record(declined)
    notify(.refundDeclined, nil, declined, at: now)
    return declined
  }

  /// Apple reverses a refund it granted (the customer's dispute was resolved for the
  /// developer): REFUND_REVERSED, `revocationDate` and `revocationReason` are gone and the
  /// purchase grants its product again. A subscription the refund revoked is active again
  /// if its period has not ended (else expired); auto-renew stays off, as the refund left
  /// it, until the customer turns it back on.
  mutating func reverseRefund(_ purchase: Transaction, now: Timestamp) throws(StoreRefusal) -> Transaction {
    guard purchase.account == account, !purchase.deleted else { throw .unknownTransaction(String(purchase.id)) }
    guard purchase.revocationDate != nil else { throw .notRefunded(purchase.id) }
    var reinstated = purchase
    reinstated.revocationDate = nil
    reinstated.revocationReason = nil
    reinstated.revocationPercentage = nil
    reinstated.refundReversalDate = now
    record(reinstated)
    if let group = reinstated.subscriptionGroup, var subscription = accountState.subscriptions[group],
      subscription.originalId == reinstated.originalId, subscription.status == .revoked
    {
      subscription.status = subscription.expirationDate > now ? .subscribed : .expired
      record(.subscription(subscription))
    }
    notify(.refundReversed, nil, reinstated, at: now)
    return reinstated
  }
}
