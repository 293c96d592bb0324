import IAPFormats

/// How the store is set up for one payment: the settings that decide its outcome.
package struct PurchaseConditions: Equatable, Sendable {
  package var canMakePayments = true
  package var askToBuy = false
  package var interruptedPurchases = false
  /// A simulated failure (`fail-purchase`, or `buy --fail`).
  package var simulatedError: SKErrorCode?

  package init(canMakePayments: Bool = true, askToBuy: Bool = false, interruptedPurchases: Bool = false, simulatedError: SKErrorCode? = nil) {
    self.canMakePayments = canMakePayments
    self.askToBuy = askToBuy
    self.interruptedPurchases = interruptedPurchases
    self.simulatedError = simulatedError
  }
}

package extension Store {
  /// What the observer sees for one payment: `purchasing`, then the outcome.
  struct Purchase: Equatable, Sendable {
    package var purchasing: Transaction
    package var outcome: Transaction
  }

  /// Adds a payment for `productId` to the queue and settles it.
  ///
  /// - Parameters:
  ///   - product: the catalog's purchasable product, or nil when the id is unknown or not
  ///     cleared for sale (the payment then fails with `storeProductNotAvailable`).
  ///   - unavailableReason: why `product` is nil, for the transaction's error message.
  ///   - finish: whether the app finishes the transaction as soon as it is delivered.
  ///   - offer: a promotional offer the payment redeems (`SKPayment.paymentDiscount`). It is
  ///     checked once the payment itself is valid; a current subscriber's redemption takes
  ///     effect at once.
  ///   - redemption: a win-back offer or offer code the payment redeems (checked after a
  ///     promotional offer); an offer code of a one-time product sets its price.
  ///   - introductoryEligibility: a signed answer to whether the customer may have the
  ///     introductory offer, overriding the store's own.
  ///   - billingPlan: the plan the customer chose: the product's monthly plan with a 12-month
  ///     commitment (the caller checked the product has it and no offer comes with it), or
  ///     its price billed up front; for a committed subscriber of the product, the plan for
  ///     the commitment's end.
  mutating func buy(
    productId: String, product: Product?, unavailableReason: String? = nil, quantity: Int,
    applicationUsername: String?, finish: Bool, conditions: PurchaseConditions = PurchaseConditions(),
    offer: OfferPayment? = nil, redemption: OfferRedemption? = nil,
    introductoryEligibility: IntroductoryEligibilityPayment? = nil, billingPlan: BillingPlan? = nil, now: Timestamp
  ) -> Purchase {
    let id = issueId()
    var transaction = Transaction(
      id: id, originalId: id, productId: productId, productType: product?.type, state: .purchasing,
      quantity: quantity, purchaseDate: now, originalPurchaseDate: now,
      applicationUsername: applicationUsername, account: account, device: device, bundleId: app.bundleId,
      storefront: app.storefront, price: product?.priceText, currency: app.currency)
    transaction.subscriptionGroup = product?.type == .autoRenewable ? product?.subscriptionGroup : nil
    let purchasing = transaction

    var promotional: PromotionalOffer?
    var failure = paymentError(productId, product, quantity, unavailableReason, conditions)
    if failure == nil, let offer, let product {
      switch acceptOffer(offer, for: product, applicationUsername: applicationUsername, now: now) {
      case let .success(accepted): promotional = accepted
      case let .failure(error): failure = error
      }
    }
    var redeemed: RedeemedOffer?
    if failure == nil, let redemption, let product {
      switch acceptRedemption(redemption, for: product, now: now) {
      case let .success(accepted):
        redeemed = accepted
        // A subscription's offer code or win-back offer runs as a promotional offer does.
        promotional = accepted.terms.map { PromotionalOffer(id: accepted.id, terms: $0) }
      case let .failure(error): failure = error
      }
    }
    var allowIntroductoryOffer: Bool?
    if failure == nil, let introductoryEligibility, let product {
      switch acceptIntroductoryEligibility(introductoryEligibility, for: product, now: now) {
      case let .success(allow): allowIntroductoryOffer = allow
      case let .failure(error): failure = error
      }
    }
    if let failure {
      transaction.state = .failed
      transaction.error = failure
    } else if let product, let owned = accountState.ownership[product.id], owned.productType == .nonConsumable {
      // Buying what the account already owns charges nothing: StoreKit hands back the
      // original purchase as a restore.
      transaction.state = .restored
      transaction.originalId = owned.originalId
      transaction.originalPurchaseDate = owned.originalPurchaseDate
    } else if let product, let change = subscriptionChange(to: product), change != .upgrade {
      // Already subscribed in this group: nothing is charged now. A downgrade (or a crossgrade
      // to another period) is scheduled for the renewal date, as the App Store does; so is a
      // promotional offer for the product subscribed or a lower one (`ScheduledOffer`).
      let current = accountState.subscriptions[product.subscriptionGroup ?? ""]!
      transaction.state = .restored
      transaction.originalId = current.originalId
      transaction.originalPurchaseDate = current.originalPurchaseDate
      transaction.productId = current.productId
      transaction.expirationDate = current.expirationDate
      // Choosing the current product again while a downgrade waits cancels the downgrade:
      // it renews as it is (DID_CHANGE_RENEWAL_PREF without a subtype).
      if let plan = billingPlan, product.id == current.productId, current.commitment != nil {
        // A committed customer choosing a plan for the commitment's end: the monthly plan
        // renews the commitment, billed up front moves to the yearly price then
        // (`renewalBillingPlanType`; DID_CHANGE_RENEWAL_PREF without a subtype).
        var scheduled = current
        scheduled.renewalBillingPlan = plan.type == .monthly ? nil : .billedUpfront
        if scheduled != current {
          record(.subscription(scheduled))
          notify(.didChangeRenewalPref, nil, scheduled, at: now)
        }
      } else if let period = product.subscriptionPeriod, product.id != current.autoRenewProductId || promotional != nil {
        var scheduled = current
        scheduled.renewalProductId = product.id == current.productId ? nil : product.id
        scheduled.renewalPeriod = product.id == current.productId ? nil : period
        scheduled.renewalLevel = product.id == current.productId ? nil : product.groupLevel ?? 1
        scheduled.renewalPrice = product.id == current.productId ? nil : "\(product.price)"
        scheduled.autoRenew = true
        scheduled.scheduledOffer = promotional.map { ScheduledOffer(productId: product.id, offer: $0, offerType: redeemed?.type) }
        record(.subscription(scheduled))
        if promotional != nil {
          notify(.offerRedeemed, offerRedemptionSubtype(change), scheduled, at: now)
        } else {
          notify(.didChangeRenewalPref, product.id == current.productId ? nil : .downgrade, scheduled, at: now)
        }
      }
    } else if conditions.askToBuy, let pending = pendingRequest(for: productId) {
      // Apple consolidates duplicate Ask to Buy requests (developer forums thread 706277):
      // the payment joins the request already waiting, and one approval completes one
      // purchase. Nothing new is recorded.
      returnId(id)
      var joined = pending
      joined.state = .purchasing
      joined.error = nil
      return Purchase(purchasing: joined, outcome: pending)
    } else if conditions.askToBuy {
      transaction.state = .deferred
      // Approval redeems a promotional offer then (not a win-back offer or offer code), and
      // buys the monthly plan the request chose.
      transaction.offerIdentifier = redeemed == nil ? promotional?.id : nil
      transaction.billingPlanType = billingPlan?.type == .monthly ? .monthly : nil
    } else if conditions.interruptedPurchases {
      transaction.state = .failed
      transaction.purchaseIssue = true
      transaction.error = StoreError(
        .paymentCancelled, "the purchase was interrupted: the customer must act outside the app to complete it")
    } else {
      transaction.state = .purchased
      transaction.expirationDate = expiration(of: product, purchasedAt: now)
    }
    // Set whatever the outcome: a deferred purchase carries it once approved, and finishing
    // lets failed and refunded transactions through anyway.
    transaction.hasDownloads = product?.content != nil
    transaction.finished = finish && transaction.state.isFinishable
    if transaction.state == .purchased || transaction.state == .restored {
      // A purchase updates the app receipt; a consumable finished at once stays in it until
      // the next update.
      updateReceipt()
    }
    if transaction.finished && transaction.productType == .consumable {
      transaction.finishedAtReceiptUpdate = accountState.receiptUpdates
    }
    if transaction.state == .purchased, let redeemed, redeemed.terms == nil { Self.applyOneTimeCode(redeemed, to: &transaction) }
    if transaction.state == .purchased, let product, product.type == .autoRenewable {
      subscribe(
        with: &transaction, to: product, at: now, promotional: promotional, offerType: redeemed?.type,
        allowIntroductoryOffer: allowIntroductoryOffer, billingPlan: billingPlan)
    } else {
      record(transaction)
      if transaction.state == .purchased { notify(.oneTimeCharge, nil, transaction, at: now) }
    }
    return Purchase(purchasing: purchasing, outcome: transaction)
  }

  /// The Ask to Buy request waiting for `productId` on any of the account's devices, if any.
  func pendingRequest(for productId: String) -> Transaction? {
    accountState.queues.keys.sorted().lazy.compactMap { device in
      self.accountState.queues[device]!.first { $0.state == .deferred && $0.productId == productId }
    }.first
  }

  /// When a subscription to `product` bought at `date` expires; nil for other products.
  func expiration(of product: Product?, purchasedAt date: Timestamp) -> Timestamp? {
    guard let product, product.type == .autoRenewable, let period = product.subscriptionPeriod else { return nil }
    return rules.end(of: period, from: date)
  }

  /// Why StoreKit would fail this payment, if it would.
  private func paymentError(
    _ productId: String, _ product: Product?, _ quantity: Int, _ reason: String?, _ conditions: PurchaseConditions
  ) -> StoreError? {
    guard conditions.canMakePayments else {
      return StoreError(.paymentNotAllowed, "purchases are restricted on this device (can-make-payments is off)")
    }
    guard let product else {
      return StoreError(.storeProductNotAvailable, reason ?? "product '\(productId)' is not available")
    }
    guard (1...10).contains(quantity) else {
      return StoreError(.paymentInvalid, "quantity \(quantity) is outside 1-10")
    }
    if quantity > 1, product.type != .consumable {
      return StoreError(
        .paymentInvalid, "quantity \(quantity) is only allowed for consumables; '\(productId)' is \(product.type.rawValue)")
    }
    if let code = conditions.simulatedError {
      return StoreError(code, "simulated failure: \(code.defaultMessage)")
    }
    return nil
  }

}
