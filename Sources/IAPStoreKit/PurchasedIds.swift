import IAPSystem

/// A set of transaction ids shared by a store handle and its update streams' threads.
final class PurchasedIds: @unchecked Sendable {
  private let lock = Mutex()
  private var ids: Set<UInt64> = []

  func insert(_ id: UInt64) { lock.withLock { _ = ids.insert(id) } }

  func contains(_ id: UInt64) -> Bool { lock.withLock { ids.contains(id) } }
}
