import IAPFormats
import StoreKit

/// Buying as if outside the app: the App Store's purchases that the test environment makes
/// itself, each `POST /purchases` once the configuration is seen to sell the product.
extension SKTestSession {
  /// Buys `identifier` as if outside the app, with `options` as `Product.purchase(options:)`
  /// takes them (StoreKitTest's `purchaseDate(_:renewalBehavior:)` included), and answers the
  /// transaction bought. The store's settings apply as to any purchase; the transaction also
  /// reaches the app as an update (StoreKit 2's `Transaction.updates`, StoreKit 1's queue),
  /// unfinished.
  ///
  /// - Throws: `SKTestError.invalidProductIdentifier` when the configuration sells no such
  ///   product; what `Product.purchase(options:)` throws when the store refuses or fails the
  ///   purchase (`Product.PurchaseError`, `StoreKitError`, the error a simulated failure
  ///   sets); `StoreKitError.userCancelled` for a purchase cancelled (a simulated
  ///   `paymentCancelled`, an interrupted purchase); `SKTestError.invalidAction` for one that
  ///   waits for Ask to Buy (`askToBuyEnabled`), which has no transaction until approved
  ///   (`allTransactions()` lists the request, `approveAskToBuyTransaction(identifier:)`
  ///   approves it).
  @discardableResult
  public func buyProduct(identifier: Product.ID, options: Set<Product.PurchaseOption> = []) async throws -> Transaction {
    try Self.checkSold(identifier, try await send("GET", "/products?id=" + StoreConnection.escape(identifier)))
    switch try await Product.purchase(identifier, options: options, store: connection, fromApp: false) {
    case let .success(result):
      return result.unsafePayloadValue
    case .userCancelled:
      throw StoreKitError.userCancelled
    case .pending:
      throw SKTestError(
        .invalidAction,
        message: "the purchase of \(identifier) waits for Ask to Buy: it has no transaction until approveAskToBuyTransaction(identifier:)")
    }
  }

  /// Buys `productIdentifier` as if outside the app (`POST /purchases`), as the App Store
  /// does: the transaction reaches the app as an update (StoreKit 1's queue, StoreKit 2's
  /// `Transaction.updates`), unfinished. The store's settings apply as to any purchase (Ask to
  /// Buy defers it, a simulated failure fails it, and the app sees it so: nothing is thrown);
  /// `SKTestError.invalidProductIdentifier` if the configuration sells no such product. Apple
  /// deprecated it in iOS 17 for `buyProduct(identifier:options:)`.
  public func buyProduct(productIdentifier: String) throws {
    try Self.checkSold(productIdentifier, try request("GET", "/products?id=" + StoreConnection.escape(productIdentifier)))
    try act("POST", "/purchases", body: .object([("productId", .string(productIdentifier))]))
  }

  /// `invalidProductIdentifier` unless `fetched` (`GET /products?id=`) has the product: the
  /// store would record a failed transaction for a product it does not sell, where Apple's
  /// environment refuses to buy it.
  private static func checkSold(_ productID: String, _ fetched: JSONValue) throws(SKTestError) {
    if fetched["products"]?.arrayValue?.isEmpty ?? true {
      throw SKTestError(.invalidProductIdentifier, message: "the configuration sells no product \(productID)")
    }
  }
}
