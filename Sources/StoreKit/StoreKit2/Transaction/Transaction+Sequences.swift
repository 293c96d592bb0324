extension Transaction {
  /// New and changed transactions as the store makes them: first this device's unfinished
  /// transactions (once, as at launch), then each purchase made elsewhere, Ask to Buy
  /// approval, renewal, refund and revocation. Every listener gets every one; what the app's
  /// own `purchase(options:)` returned is not handed over again unless it changes. Ends when
  /// the iterating task is cancelled; a store that cannot be reached is retried while the
  /// task lives and reported on standard error.
  public static var updates: Transaction.Transactions { Transactions(.updates) }

  /// Every transaction of the customer, oldest first: finished consumables are left out, as
  /// StoreKit leaves them out without `SKIncludeConsumableInAppPurchaseHistory`.
  public static var all: Transaction.Transactions {
    Transactions(
      .request(context: "Transaction.all") { (store) throws(StoreConnectionError) in
        let unfinished = Set(try await signed("/transactions/unfinished", store).map { $0.unsafePayloadValue.id })
        return try await signed("/transactions", store).filter {
          $0.unsafePayloadValue.productType != .consumable || unfinished.contains($0.unsafePayloadValue.id)
        }
      })
  }

  /// The latest transaction of each product the customer is entitled to now: non-consumables
  /// and non-renewing subscriptions not revoked, auto-renewable subscriptions subscribed or
  /// in their grace period; refunded, revoked and expired ones are left out.
  public static var currentEntitlements: Transaction.Transactions {
    Transactions(
      .request(context: "Transaction.currentEntitlements") { (store) throws(StoreConnectionError) in
        try await signed("/entitlements", store)
      })
  }

  /// This device's transactions not finished yet (`finish()`).
  public static var unfinished: Transaction.Transactions {
    Transactions(
      .request(context: "Transaction.unfinished") { (store) throws(StoreConnectionError) in
        try await signed("/transactions/unfinished", store)
      })
  }

  /// `currentEntitlements` of one product.
  public static func currentEntitlements(for productID: String) -> Transaction.Transactions {
    Transactions(
      .request(context: "Transaction.currentEntitlements(for:)") { (store) throws(StoreConnectionError) in
        try await signed("/entitlements", store).filter { $0.unsafePayloadValue.productID == productID }
      })
  }

  /// The current entitlement to one product, or nil.
  @available(*, deprecated, message: "Use currentEntitlements(for:)")
  public static func currentEntitlement(for productID: String) async -> VerificationResult<Transaction>? {
    for await result in currentEntitlements(for: productID) { return result }
    return nil
  }

  /// The customer's latest transaction of one product (the newest purchase or renewal),
  /// or nil when there is none, or the store cannot be reached (reported on standard error).
  public static func latest(for productID: String) async -> VerificationResult<Transaction>? {
    await latest(for: productID, store: nil)
  }

  /// `latest(for:)` from `store`, else from the calling task's store.
  static func latest(for productID: String, store: StoreConnection?) async -> VerificationResult<Transaction>? {
    let sequence = Transactions(
      .request(context: "Transaction.latest(for:)") { (store) throws(StoreConnectionError) in
        let all = try await signed("/transactions?productId=" + StoreConnection.escape(productID), store)
        return all.max { $0.unsafePayloadValue.purchaseDate < $1.unsafePayloadValue.purchaseDate }.map { [$0] } ?? []
      }, store: store)
    for await result in sequence { return result }
    return nil
  }

  /// The signed transactions the store answers `GET path` with, checked on a thread of
  /// their own (`StoreConnection.offPool`): the first check fetches the store's keys.
  static func signed(_ path: String, _ store: StoreConnection) async throws(StoreConnectionError) -> [VerificationResult<Transaction>] {
    let answer = try await store.call("GET", path)
    return try await StoreConnection.offPool { () throws(StoreConnectionError) in try verifyAll(answer, store: store) }.get()
  }
}
