/// One account's part of the store: its payment queue on each device and what it owns.
public struct AccountState: Equatable, Sendable {
  /// Unfinished transactions per device, oldest first.
  public var queues: [String: [Transaction]] = [:]
  /// Durable products owned, by product id.
  public var ownership: [String: Ownership] = [:]

  public init() {}
}

/// Everything a command needs short of the full history, as a fold of transaction versions.
///
/// `apply(_:)` is the only way it changes, both when a command makes a new version and when
/// storage replays the log after a crash, so the two can never disagree.
public struct StoreState: Equatable, Sendable {
  /// The id the next transaction gets.
  public var nextId: UInt64 = 1
  public var accounts: [String: AccountState] = [:]

  public init() {}

  /// Folds one transaction version into the state.
  public mutating func apply(_ transaction: Transaction) {
    nextId = max(nextId, transaction.id + 1)
    var account = accounts[transaction.account] ?? AccountState()
    var queue = account.queues[transaction.device] ?? []
    let position = queue.firstIndex { $0.id == transaction.id }
    if transaction.finished {
      if let position { queue.remove(at: position) }
    } else if let position {
      queue[position] = transaction
    } else {
      // Ids only grow, so appending keeps the queue oldest first.
      queue.append(transaction)
    }
    account.queues[transaction.device] = queue.isEmpty ? nil : queue
    if transaction.state == .purchased, transaction.revocationDate == nil,
      let type = transaction.productType, type.isDurable
    {
      if var owned = account.ownership[transaction.productId] {
        owned.latestId = max(owned.latestId, transaction.id)
        if transaction.id == owned.latestId { owned.expirationDate = transaction.expirationDate }
        owned.restorable = owned.restorable || transaction.finished
        account.ownership[transaction.productId] = owned
      } else {
        account.ownership[transaction.productId] = Ownership(
          productId: transaction.productId, productType: type, originalId: transaction.originalId,
          originalPurchaseDate: transaction.originalPurchaseDate, latestId: transaction.id,
          expirationDate: transaction.expirationDate, restorable: transaction.finished)
      }
    }
    accounts[transaction.account] = account
  }
}
