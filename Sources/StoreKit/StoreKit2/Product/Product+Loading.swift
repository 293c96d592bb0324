import IAPFormats
extension Product {
  /// The products the store sells among `identifiers`, in no set order; identifiers it does
  /// not sell are left out. Throws `StoreKitError` (`networkError` when the store cannot be
  /// reached; the store's `fail-load-products` error otherwise).
  public static func products<Identifiers: Collection>(for identifiers: Identifiers) async throws -> [Product]
  where Identifiers.Element == String {
    var seen = Set<String>()
    let unique = identifiers.filter { seen.insert($0).inserted }
    guard !unique.isEmpty else { return [] }
    let store = try StoreErrors.resolve()
    let query = unique.map { "id=" + StoreConnection.escape($0) }.joined(separator: "&")
    do {
      let answer = try await store.call("GET", "/products?" + query)
      return (answer["products"]?.arrayValue ?? []).compactMap { Product($0, store: store) }
    } catch {
      throw StoreErrors.storeKitError(error, .loadProducts, store)
    }
  }

  /// The customer's current entitlement to this product, or nil.
  @available(*, deprecated, message: "Use currentEntitlements")
  public var currentEntitlement: VerificationResult<Transaction>? {
    get async {
      for await result in currentEntitlements { return result }
      return nil
    }
  }

  /// The customer's current entitlements to this product (`Transaction.currentEntitlements`).
  public var currentEntitlements: Transaction.Transactions {
    Transaction.Transactions(
      .request(context: "Product.currentEntitlements") { [id] (store) throws(StoreConnectionError) in
        try await Transaction.signed("/entitlements", store).filter { $0.unsafePayloadValue.productID == id }
      }, store: store)
  }

  /// The customer's latest transaction of this product, or nil.
  public var latestTransaction: VerificationResult<Transaction>? {
    get async { await Transaction.latest(for: id, store: store) }
  }
}
