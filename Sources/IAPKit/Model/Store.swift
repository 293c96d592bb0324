/// The App Store's side of StoreKit for one account on one device, as a pure value.
///
/// It never reads a clock, a file or the console: the time comes in as `now`, products come
/// from the caller's catalog, and every new transaction version is collected in `changes` for
/// the caller to persist, in order.
public struct Store: Sendable {
  public private(set) var state: StoreState
  public let account: String
  public let device: String
  /// Transaction versions made since this value was created, oldest first.
  public private(set) var changes: [Transaction] = []

  public init(state: StoreState, account: String, device: String) {
    self.state = state
    self.account = account
    self.device = device
  }

  /// The account's part of the state.
  public var accountState: AccountState { state.accounts[account] ?? AccountState() }

  /// The unfinished transactions that `paymentQueue(_:updatedTransactions:)` gets at launch.
  public var queue: [Transaction] { accountState.queues[device] ?? [] }

  private mutating func record(_ transaction: Transaction) {
    state.apply(transaction)
    changes.append(transaction)
  }

  private mutating func issueId() -> UInt64 {
    let id = state.nextId
    state.nextId += 1
    return id
  }

  // MARK: - Buying

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
    applicationUsername: String?, finish: Bool, now: Timestamp
  ) -> Purchase {
    let id = issueId()
    var transaction = Transaction(
      id: id, originalId: id, productId: productId, productType: product?.type, state: .purchasing,
      quantity: quantity, purchaseDate: now, originalPurchaseDate: now,
      applicationUsername: applicationUsername, account: account, device: device)
    let purchasing = transaction

    if let failure = paymentError(productId: productId, product: product, quantity: quantity, unavailableReason) {
      transaction.state = .failed
      transaction.error = failure
    } else if let product, let owned = accountState.ownership[product.id], isCurrent(owned, now: now) {
      // Buying what the account already owns charges nothing: StoreKit hands back the
      // original purchase as a restore.
      transaction.state = .restored
      transaction.originalId = owned.originalId
      transaction.originalPurchaseDate = owned.originalPurchaseDate
      transaction.expirationDate = owned.expirationDate
    } else {
      transaction.state = .purchased
      if let period = product?.subscriptionPeriod, product?.type == .autoRenewable {
        transaction.expirationDate = now.adding(period.calendarPeriod)
      }
    }
    transaction.finished = finish
    record(transaction)
    return Purchase(purchasing: purchasing, outcome: transaction)
  }

  /// Why StoreKit would fail this payment, if it would.
  private func paymentError(productId: String, product: Product?, quantity: Int, _ reason: String?) -> StoreError? {
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

  // MARK: - Finishing

  /// `finishTransaction` for each id, all or nothing; returns the finished versions.
  public mutating func finish(ids: [UInt64]) throws(StoreRefusal) -> [Transaction] {
    let queue = self.queue
    var chosen: [Transaction] = []
    for id in ids where !chosen.contains(where: { $0.id == id }) {
      guard let transaction = queue.first(where: { $0.id == id }) else {
        if id >= state.nextId { throw .unknownTransaction(String(id)) }
        throw .notInQueue(id, why: "it is already finished, or queued for another account or device")
      }
      guard transaction.state.isFinishable else { throw .notFinishable(id, transaction.state) }
      chosen.append(transaction)
    }
    return chosen.map { transaction in
      var finished = transaction
      finished.finished = true
      record(finished)
      return finished
    }
  }

  /// `finishTransaction` for every finishable transaction in the queue.
  public mutating func finishAll() throws(StoreRefusal) -> [Transaction] {
    let ids = queue.filter { $0.state.isFinishable }.map(\.id)
    if ids.isEmpty { throw .nothingToFinish }
    return try finish(ids: ids)
  }

  // MARK: - Restoring

  /// `restoreCompletedTransactions`: one new `restored` transaction per non-consumable and
  /// auto-renewable subscription the account completed a purchase of, oldest first.
  public mutating func restore(now: Timestamp) -> [Transaction] {
    let restorable = accountState.ownership.values
      .filter { $0.productType.isRestorable && $0.restorable }
      .sorted { $0.originalId < $1.originalId }
    return restorable.map { owned in
      let transaction = Transaction(
        id: issueId(), originalId: owned.originalId, productId: owned.productId, productType: owned.productType,
        state: .restored, quantity: 1, purchaseDate: now, originalPurchaseDate: owned.originalPurchaseDate,
        expirationDate: owned.expirationDate, account: account, device: device)
      record(transaction)
      return transaction
    }
  }
}
