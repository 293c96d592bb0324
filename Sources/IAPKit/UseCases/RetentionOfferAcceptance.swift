import IAPCore

extension Workspace {
  /// Use case: the customer takes what the retention message shown for the subscription of
  /// `originalTransactionId` offered, as the App Store's subscription page lets them: the
  /// alternate product is bought the way a change of plan inside the group is (an upgrade
  /// at once, a downgrade or crossgrade at the renewal date), the promotional offer is
  /// redeemed with the signature the endpoint gave, checked as a StoreKit purchase checks
  /// it. Refused when nothing was shown for the subscription, when what was shown offers
  /// nothing to take, or when it was taken already. Keeping the cancellation needs no
  /// step: the subscription was cancelled before the message was shown.
  package func acceptRetentionOffer(originalTransactionId: String, signed: Bool) throws(IAPError) -> BuyResult {
    let id = originalTransactionId.hasPrefix("#") ? String(originalTransactionId.dropFirst()) : originalTransactionId
    guard let shown = try retentionOffers().first(where: { $0.originalTransactionId == id }) else {
      throw .invalidRequest(
        "no retention message was shown for subscription \(id): one is shown when the customer begins to cancel (iap subscription cancel)")
    }
    guard shown.offersChoice else {
      throw .invalidRequest(
        "the retention message shown for subscription \(id) (message \(shown.messageIdentifier)) offers no alternate product or promotional offer to accept")
    }
    guard !shown.accepted else {
      throw .invalidRequest("the customer already accepted the \(shown.alternateProductId != nil ? "alternate product" : "promotional offer") shown for subscription \(id)")
    }
    var request: BuyRequest
    if let offer = shown.signedOffer {
      request = BuyRequest(productId: offer.productId)
      request.offer = offer.request
      request.applicationUsername = offer.appAccountToken
    } else {
      request = BuyRequest(productId: shown.alternateProductId ?? shown.productId)
    }
    request.signed = signed
    let result = try buy(request)
    if result.outcome.state != .failed {
      do {
        try changingRetentionMessaging { value throws(RetentionRefusal) in
          if let index = value.shown.firstIndex(where: { $0.originalTransactionId == id }) { value.shown[index].accepted = true }
        }
      } catch {
        warn(error)
      }
    }
    return result
  }
}
