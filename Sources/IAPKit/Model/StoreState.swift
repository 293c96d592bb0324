/// One account's part of the store: its payment queue on each device and what it owns.
public struct AccountState: Equatable, Sendable {
  /// Unfinished transactions per device, oldest first.
  public var queues: [String: [Transaction]] = [:]
  /// Durable products owned, by product id.
  public var ownership: [String: Ownership] = [:]

  public init() {}
}

/// Everything a command needs short of the full history, as a fold of the log.
///
/// `apply(_:)` is the only way it changes, both when a command makes a new record and when
/// storage replays the log after a crash, so the two can never disagree.
public struct StoreState: Equatable, Sendable {
  /// The id the next transaction gets.
  public var nextId: UInt64 = 1
  public var accounts: [String: AccountState] = [:]

  public init() {}

  /// Folds one log record into the state.
  public mutating func apply(_ record: LogRecord) {
    switch record {
    case let .transaction(transaction): apply(transaction)
    case let .clearAccount(name): accounts[name] = nil
    case let .reinstall(device):
      for name in accounts.keys {
        guard let dropped = accounts[name]?.queues.removeValue(forKey: device) else { continue }
        // What the reinstall took out of the queue is complete as far as the store knows.
        for transaction in dropped where accounts[name]?.ownership[transaction.productId]?.latest.id == transaction.id {
          accounts[name]?.ownership[transaction.productId]?.restorable = true
        }
      }
    }
  }

  /// Folds one transaction version into the state.
  public mutating func apply(_ transaction: Transaction) {
    nextId = max(nextId, transaction.id + 1)
    var account = accounts[transaction.account] ?? AccountState()
    var queue = account.queues[transaction.device] ?? []
    let position = queue.firstIndex { $0.id == transaction.id }
    if transaction.finished || transaction.deleted {
      if let position { queue.remove(at: position) }
    } else if let position {
      queue[position] = transaction
    } else {
      // Ids only grow, so appending keeps the queue oldest first.
      queue.append(transaction)
    }
    account.queues[transaction.device] = queue.isEmpty ? nil : queue
    updateOwnership(&account, with: transaction)
    accounts[transaction.account] = account
  }

  private func updateOwnership(_ account: inout AccountState, with transaction: Transaction) {
    guard transaction.state == .purchased, let type = transaction.productType, type.isDurable else { return }
    let product = transaction.productId
    if !transaction.grantsProduct {
      // A refund or deletion of the purchase that grants the product takes the product away.
      if let owned = account.ownership[product],
        owned.latest.id == transaction.id || owned.originalId == transaction.originalId
      {
        account.ownership[product] = nil
      }
      return
    }
    if var owned = account.ownership[product] {
      if transaction.id >= owned.latest.id { owned.latest = transaction }
      owned.restorable = owned.restorable || transaction.finished
      account.ownership[product] = owned
    } else {
      account.ownership[product] = Ownership(
        originalId: transaction.originalId, originalPurchaseDate: transaction.originalPurchaseDate,
        latest: transaction, restorable: transaction.finished)
    }
  }
}
