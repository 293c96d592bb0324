import IAPSystem

/// A set of transaction ids shared by a store handle and its update streams' threads.
struct PurchasedIds: Sendable {
  private let ids = Locked<Set<UInt64>>([])

  func insert(_ id: UInt64) { ids.withLock { _ = $0.insert(id) } }

  func contains(_ id: UInt64) -> Bool { ids.withLock { $0.contains(id) } }
}
