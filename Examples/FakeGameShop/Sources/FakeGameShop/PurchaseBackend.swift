import IAPStoreKit

/// What the shop needs of a store, in StoreKit 2's terms. In the app, an implementation over
/// StoreKit (`Product.products(for:)`, `product.purchase()`, `Transaction.updates`, …); in
/// tests, `IAPStoreKitBackend` over `iap serve`. The shop never knows which.
public protocol PurchaseBackend: Sendable {
  func products(for ids: [String]) async throws -> [Product]
  func purchase(_ product: Product) async throws -> PurchaseResult
  func currentEntitlements() async throws -> [VerificationResult<Transaction>]
  func updates() -> AsyncStream<VerificationResult<Transaction>>
  func finish(_ transaction: Transaction) async throws
}

/// The backend for tests: a store of `iap serve`.
public struct IAPStoreKitBackend: PurchaseBackend {
  let store: IAPStore

  public init(url: String, namespace: String? = nil) { store = IAPStore(url: url, namespace: namespace) }

  public func products(for ids: [String]) async throws -> [Product] { try await store.products(for: ids) }
  public func purchase(_ product: Product) async throws -> PurchaseResult { try await store.purchase(product) }
  public func currentEntitlements() async throws -> [VerificationResult<Transaction>] { try await store.currentEntitlements }
  public func updates() -> AsyncStream<VerificationResult<Transaction>> { store.updates }
  public func finish(_ transaction: Transaction) async throws { try await store.finish(transaction) }
}
