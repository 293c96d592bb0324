import IAPCore

extension Workspace {
  /// Use case: a price increase of the account's subscription to `productId` is announced
  /// (PRICE_INCREASE, PENDING or ACCEPTED). A refusal changes nothing.
  package func priceIncrease(_ productId: String, price: String, consentRequired: Bool) throws(IAPError) -> SubscriptionActionResult {
    var opened = try openStore(forWriting: true)
    let subscription = try refusing { () throws(StoreRefusal) in
      try opened.store.announcePriceIncrease(productId, price: price, consentRequired: consentRequired, now: opened.now)
    }
    try opened.commit()
    return SubscriptionActionResult(subscription: subscription)
  }

  /// Use case: the customer accepts or declines the price increase waiting for consent.
  package func priceIncreaseConsent(_ productId: String, accept: Bool) throws(IAPError) -> SubscriptionActionResult {
    var opened = try openStore(forWriting: true)
    let subscription = try refusing { () throws(StoreRefusal) in
      try opened.store.answerPriceIncrease(productId, accept: accept, now: opened.now)
    }
    try opened.commit()
    return SubscriptionActionResult(subscription: subscription)
  }
}
