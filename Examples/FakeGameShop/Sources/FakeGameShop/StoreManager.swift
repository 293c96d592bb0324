import IAPStoreKit

/// The shop of the bundled game (catalog.plist): loads the products, sells them, unlocks what
/// was bought, and keeps listening for purchases that complete later (Ask to Buy, renewals,
/// refunds). What an app's own purchase code looks like, written against `PurchaseBackend`.
public actor StoreManager {
  public enum BuyOutcome: Equatable, Sendable { case purchased, pending, cancelled, unverified }

  public static let productIDs = [
    "com.example.fakegame.extra_lives", "com.example.fakegame.unlock_maps", "com.example.fakegame.rocket_car",
    "com.example.fakegame.pro.monthly",
  ]

  let backend: PurchaseBackend
  public private(set) var products: [Product] = []
  /// Product ids whose content the player has: what the game unlocks.
  public private(set) var unlocked: Set<String> = []
  /// Extra lives bought (a consumable: delivered once per transaction).
  public private(set) var extraLives = 0
  private var delivered: Set<UInt64> = []
  private var listener: Task<Void, Never>?

  public init(backend: PurchaseBackend) { self.backend = backend }

  /// At launch: listens for transactions (the unfinished ones come first), then loads the
  /// products and what the player is entitled to.
  public func start() async throws {
    let updates = backend.updates()
    listener = Task { [weak self] in
      for await update in updates { await self?.handle(update) }
    }
    products = try await backend.products(for: Self.productIDs)
    try await refreshEntitlements()
  }

  public func stop() { listener?.cancel() }

  public func buy(_ id: String) async throws -> BuyOutcome {
    guard let product = products.first(where: { $0.id == id }) else { return .cancelled }
    switch try await backend.purchase(product) {
    case let .success(.verified(transaction)):
      try await deliver(transaction)
      return .purchased
    case .success(.unverified): return .unverified
    case .pending: return .pending
    case .userCancelled: return .cancelled
    }
  }

  /// What the player owns now, from the store (a refund or an expiry takes it away).
  public func refreshEntitlements() async throws {
    var owned: Set<String> = []
    for case let .verified(transaction) in try await backend.currentEntitlements() where transaction.revocationDate == nil {
      owned.insert(transaction.productID)
    }
    unlocked = owned
  }

  private func handle(_ update: VerificationResult<Transaction>) async {
    guard case let .verified(transaction) = update else { return }
    if transaction.revocationDate != nil {
      unlocked.remove(transaction.productID)
      return
    }
    try? await deliver(transaction)
  }

  /// Gives the content once per transaction, then finishes it, as Apple asks.
  private func deliver(_ transaction: Transaction) async throws {
    if !delivered.contains(transaction.id) {
      delivered.insert(transaction.id)
      if transaction.productType == .consumable {
        extraLives += 5 * transaction.purchasedQuantity
      } else {
        unlocked.insert(transaction.productID)
      }
    }
    try await backend.finish(transaction)
  }
}
