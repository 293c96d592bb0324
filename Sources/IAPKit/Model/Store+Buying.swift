/// How the store is set up for one payment: the settings that decide its outcome.
public struct PurchaseConditions: Equatable, Sendable {
  public var canMakePayments = true
  public var askToBuy = false
  public var interruptedPurchases = false
  /// A simulated failure (`fail-purchase`, or `buy --fail`).
  public var simulatedError: SKErrorCode?

  public init(canMakePayments: Bool = true, askToBuy: Bool = false, interruptedPurchases: Bool = false, simulatedError: SKErrorCode? = nil) {
    self.canMakePayments = canMakePayments
    self.askToBuy = askToBuy
    self.interruptedPurchases = interruptedPurchases
    self.simulatedError = simulatedError
  }
}

extension Store {
  /// What the observer sees for one payment: `purchasing`, then the outcome.
  public struct Purchase: Equatable, Sendable {
    public var purchasing: Transaction
    public var outcome: Transaction
  }

  /// Adds a payment for `productId` to the queue and settles it.
  ///
  /// - Parameters:
  ///   - product: the catalog's purchasable product, or nil when the id is unknown or not
  ///     cleared for sale (the payment then fails with `storeProductNotAvailable`).
  ///   - unavailableReason: why `product` is nil, for the transaction's error message.
  ///   - finish: whether the app finishes the transaction as soon as it is delivered.
  public mutating func buy(
    productId: String, product: Product?, unavailableReason: String? = nil, quantity: Int,
    applicationUsername: String?, finish: Bool, conditions: PurchaseConditions = PurchaseConditions(), now: Timestamp
  ) -> Purchase {
    let id = issueId()
    var transaction = Transaction(
      id: id, originalId: id, productId: productId, productType: product?.type, state: .purchasing,
      quantity: quantity, purchaseDate: now, originalPurchaseDate: now,
      applicationUsername: applicationUsername, account: account, device: device)
    let purchasing = transaction

    if let failure = paymentError(productId, product, quantity, unavailableReason, conditions) {
      transaction.state = .failed
      transaction.error = failure
    } else if let product, let owned = accountState.ownership[product.id], isCurrent(owned, now: now) {
      // Buying what the account already owns charges nothing: StoreKit hands back the
      // original purchase as a restore.
      transaction.state = .restored
      transaction.originalId = owned.originalId
      transaction.originalPurchaseDate = owned.originalPurchaseDate
      transaction.expirationDate = owned.expirationDate
    } else if conditions.askToBuy {
      transaction.state = .deferred
    } else if conditions.interruptedPurchases {
      transaction.state = .failed
      transaction.purchaseIssue = true
      transaction.error = StoreError(
        .paymentCancelled, "the purchase was interrupted: the customer must act outside the app (iap resolve \(id))")
    } else {
      transaction.state = .purchased
      transaction.expirationDate = Self.expiration(of: product, purchasedAt: now)
    }
    transaction.finished = finish && transaction.state.isFinishable
    record(transaction)
    return Purchase(purchasing: purchasing, outcome: transaction)
  }

  /// When a subscription bought at `date` expires; nil for everything else.
  static func expiration(of product: Product?, purchasedAt date: Timestamp) -> Timestamp? {
    guard let product, product.type == .autoRenewable, let period = product.subscriptionPeriod else { return nil }
    return date.adding(period.calendarPeriod)
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

  /// Whether an owned product still counts as owned: always for non-consumables, while
  /// unexpired for subscriptions. Non-renewing subscriptions can be bought again.
  private func isCurrent(_ owned: Ownership, now: Timestamp) -> Bool {
    switch owned.productType {
    case .nonConsumable: return true
    case .autoRenewable: return owned.expirationDate.map { $0 > now } ?? false
    case .consumable, .nonRenewing: return false
    }
  }
}
