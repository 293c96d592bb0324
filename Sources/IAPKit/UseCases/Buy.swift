import IAPCore
import IAPFormats
import IAPStorage

/// What a purchase asks for: `SKPayment` and the test's own overrides.
package struct BuyRequest: Sendable {
  package var productId: String
  package var quantity: Int = 1
  /// `SKPayment.applicationUsername`.
  package var applicationUsername: String?
  /// Finish the transaction as soon as it is delivered.
  package var finish = false
  /// Make this purchase fail with this error, whatever the settings say.
  package var simulatedError: SKErrorCode?
  /// Whether the result carries a signer (for `jwsRepresentation`).
  package var signed = false
  /// A promotional offer to redeem (`SKPayment.paymentDiscount`, or StoreKit 2's JWS).
  package var offer: PromotionalOfferRequest?
  /// A win-back offer or offer code to redeem.
  package var redemption: OfferRedemption?
  /// `Product.PurchaseOption.introductoryOfferEligibility(compactJWS:)`: a signed answer to
  /// whether the customer may have the introductory offer.
  package var introductoryEligibilityJWS: String?
  /// `SKPayment.simulatesAskToBuyInSandbox` (StoreKit 2's `PurchaseOption` of that name):
  /// in the Sandbox environment, this purchase asks to buy as `ask-to-buy` would; elsewhere
  /// it changes nothing, as on Apple's devices.
  package var simulatesAskToBuyInSandbox = false
  /// `Product.PurchaseOption.purchaseDate(_:renewalBehavior:)` of StoreKitTest: the purchase
  /// is dated at this time, now or earlier on the store's clock, rather than now.
  package var purchaseDate: Timestamp?
  /// `SubscriptionRenewalBehavior.cancelImmediately`: an auto-renewable subscription bought
  /// so has auto-renew off from its start, and ends with its first period.
  package var cancelsImmediately = false
  /// `Product.PurchaseOption.billingPlanType(_:)`: `.monthly` buys a yearly subscription
  /// billed monthly with a 12-month commitment; nil or `.billedUpfront` bills its price up
  /// front.
  package var billingPlan: BillingPlanType?

  package init(productId: String) { self.productId = productId }
}

/// What a purchase did: the transaction as the observer first sees it (`purchasing`), its
/// outcome, and why it failed, if it did.
package struct BuyResult {
  package var purchasing: Transaction
  package var outcome: Transaction
  /// The failure the outcome carries (`failed` transactions).
  package var failure: IAPError?
  /// The signer for what the store handed out, when the request asked for it.
  package var signer: Signer?
}

extension Workspace {
  /// Use case: adds a payment to the queue and runs it to its outcome (purchased, restored,
  /// deferred, failed), as the settings in force decide, and commits it.
  package func buy(_ request: BuyRequest) throws(IAPError) -> BuyResult {
    // One product, from the compiled catalog cache when it is current.
    var (product, reason, catalog) = try purchasableProduct(request.productId)
    var opened = try openStore(forWriting: true, catalog: catalog)
    let settings = opened.settings
    if product != nil, settings.removedFromSale.contains(request.productId) {
      // The developer removed it from sale: the store no longer offers it.
      (product, reason) = (nil, "product '\(request.productId)' was removed from sale (iap products restore-to-sale \(request.productId))")
    }
    if case .offerCode? = request.redemption {
      // The redemption sheet fails before any payment: nothing is recorded.
      try SimulatedFailure.check(settings.failOfferCodeRedeem, "the offer code redemption (presentOfferCodeRedeemSheet)")
    }
    opened.store.app = AppContext(
      bundleId: catalog.bundleId, storefront: settings.storefront,
      currency: catalog.currency(in: settings.storefront))
    // Offer signatures are checked against the state's keys, and against the real time too:
    // an app's server stamps real time even while the store's clock is simulated.
    // A version 2 offer may name any transaction of the customer, or its appTransactionId:
    // the history is read for an offer only.
    // The same goes for an introductory-offer eligibility JWS.
    var context: OfferVerificationContext?
    if request.offer != nil || request.introductoryEligibilityJWS != nil {
      var ids: Set<String> = [try signer(opened).appTransactionId(account: account)]
      try IAPError.ofState(opened.session.latestVersions().forEach { t in if t.account == account { ids.insert(String(t.id)) } })
      context = OfferVerificationContext(keys: try IAPError.ofState(opened.session.keysFile().publicKeys), realNow: environment.now(), customerTransactionIds: ids)
    }
    let date = try purchaseDate(of: request, product: product, in: opened)
    let plan = try billingPlan(of: request, product: product, in: opened)
    let offer = request.offer.map { OfferPayment(request: $0, context: context!) }
    let eligibility = request.introductoryEligibilityJWS.map { IntroductoryEligibilityPayment(jws: $0, context: context!) }
    let purchase = opened.store.buy(
      productId: request.productId, product: product, unavailableReason: reason, quantity: request.quantity,
      applicationUsername: request.applicationUsername, finish: request.finish,
      conditions: PurchaseConditions(
        canMakePayments: settings.canMakePayments,
        askToBuy: settings.askToBuy || (request.simulatesAskToBuyInSandbox && settings.environment == .sandbox),
        interruptedPurchases: settings.interruptedPurchases, simulatedError: request.simulatedError ?? settings.failPurchase),
      offer: offer, redemption: request.redemption, introductoryEligibility: eligibility, billingPlan: plan, now: date)
    if product?.familyShareable == true { opened.store.shareWithFamily(purchase.outcome, now: date) }
    if request.cancelsImmediately, purchase.outcome.state == .purchased, product?.type == .autoRenewable {
      do { _ = try opened.store.setAutoRenew(false, for: request.productId, now: date) } catch { throw .refused(error) }
    }
    if date < opened.now {
      // The store's time runs from the purchase date to now at once, as its catch-up after a
      // gap would: renewals (or the expiry of a subscription that does not renew) are made
      // and committed with the purchase, so the answer's store is current.
      let session = opened.session
      if !(try runTime(&opened.store, to: opened.now, in: session, budget: eventBudget)) { warnEventsLeft() }
    } else {
      try opened.commit()
    }
    return BuyResult(
      purchasing: purchase.purchasing, outcome: purchase.outcome, failure: purchase.outcome.error.map(IAPError.purchaseFailed),
      signer: request.signed ? try signer(opened) : nil)
  }

  /// When the purchase happens: now, or the request's `purchaseDate`. A date after now is
  /// refused, as Apple's test environment refuses one. So is a date for an auto-renewable
  /// subscription in a group the customer has subscribed to before: its periods would
  /// overlap the group's, which has one subscription under one original transaction.
  private func purchaseDate(of request: BuyRequest, product: Product?, in opened: OpenedStore) throws(IAPError) -> Timestamp {
    guard let date = request.purchaseDate else { return opened.now }
    guard date <= opened.now else {
      throw .invalidRequest("purchaseDate \(date.iso8601) is after the store's time \(opened.now.iso8601): a purchase is dated now or earlier")
    }
    if let product, product.type == .autoRenewable, date < opened.now {
      let group = product.subscriptionGroup ?? product.id
      if opened.store.accountState.subscriptions[group] != nil {
        throw .invalidRequest(
          "purchaseDate cannot date a purchase in the subscription group '\(group)', which the customer has subscribed to before: its periods would overlap the group's")
      }
    }
    return date
  }

  /// The product's plan the request chose, or nil when it chose none; a plan the product
  /// does not have, an offer with a monthly plan (Apple's offers are per plan, and `iap`
  /// models the ones billed up front), or a move to monthly billing while a subscription
  /// billed up front runs, is refused.
  private func billingPlan(of request: BuyRequest, product: Product?, in opened: OpenedStore) throws(IAPError) -> BillingPlan? {
    guard let type = request.billingPlan, let product else { return nil }
    guard type == .monthly else { return BillingPlan(type: .billedUpfront, price: product.price, commitmentPrice: product.price) }
    guard let plan = product.billingPlan(type) else {
      throw .invalidRequest("product '\(product.id)' has no \(type.rawValue) billing plan (catalog billingPlans)")
    }
    if request.offer != nil || request.redemption != nil {
      throw .invalidRequest("an offer cannot be redeemed with the \(type.rawValue) billing plan")
    }
    if let current = opened.store.accountState.subscriptions[product.subscriptionGroup ?? product.id],
      current.status == .subscribed || current.isInBillingRetry, current.commitment == nil
    {
      throw .invalidRequest("the subscription in group '\(current.group)' is billed up front: the MONTHLY plan starts with a new subscription once it ends")
    }
    return plan
  }
}
