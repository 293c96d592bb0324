/// The App Store's side of StoreKit for one account on one device, as a pure value.
///
/// It never reads a clock, a file or the console: the time comes in as `now`, products come
/// from the caller's catalog, and every new log record is collected in `changes` for the
/// caller to persist, in order. Operations live in `Store+*.swift` by theme.
package struct Store: Sendable {
  package private(set) var state: StoreState
  package let account: String
  package let device: String
  /// How long subscription periods, grace and billing retry last.
  package var rules = SubscriptionRules()
  /// The app and storefront purchases are made in.
  package var app = AppContext()
  /// Log records made since this value was created, oldest first.
  package private(set) var changes: [LogRecord] = []

  package init(state: StoreState, account: String, device: String) {
    self.state = state
    self.account = account
    self.device = device
  }

  /// The account's part of the state.
  package var accountState: AccountState { state.accounts[account] ?? AccountState() }

  /// The unfinished transactions that `paymentQueue(_:updatedTransactions:)` gets at launch.
  package var queue: [Transaction] { state.accounts[account]?.queues[device]?.transactions ?? [] }

  /// Whether the device's queue holds nothing.
  package var queueIsEmpty: Bool { state.accounts[account]?.queues[device]?.isEmpty ?? true }

  /// `Transaction.currentEntitlements`: the latest purchase of each owned non-consumable and
  /// non-renewing subscription and of each unexpired auto-renewable subscription; never
  /// consumables, never refunded or deleted purchases.
  ///
  /// Subscriptions count by their status, which `advance(to:)` keeps current.
  package func entitlements() -> [Transaction] {
    let owned = accountState.ownership.values.map(\.latest)
    let subscribed = accountState.subscriptions.values.filter { $0.status.grantsAccess }.map(\.latest)
    return (owned + subscribed).sorted { $0.id < $1.id }
  }

  /// Records a new log entry and folds it into the state.
  mutating func record(_ record: LogRecord) {
    state.apply(record)
    changes.append(record)
  }

  mutating func record(_ transaction: Transaction) { record(.transaction(transaction)) }

  /// Forgets the records made so far, once the caller has persisted them: a long run of
  /// events is committed in batches rather than held whole.
  package mutating func discardChanges() { changes.removeAll(keepingCapacity: true) }

  /// The app receipt is updated: finished consumables leave it.
  package mutating func updateReceipt() {
    record(.receiptUpdate(account))
  }

  mutating func issueId() -> UInt64 {
    let id = state.nextId
    state.nextId += 1
    return id
  }

  /// Takes back `id`, the id just issued, when no transaction is recorded under it after all,
  /// so that ids stay dense.
  mutating func returnId(_ id: UInt64) {
    if state.nextId == id + 1 { state.nextId = id }
  }

  /// The unfinished transaction `id` of this account, on any of its devices: what Ask to Buy
  /// approvals and issue resolutions act on, wherever the purchase was made.
  package func queued(_ id: UInt64) -> Transaction? {
    guard let queues = state.accounts[account]?.queues else { return nil }
    for queue in queues.values {
      if let transaction = queue[id] { return transaction }
    }
    return nil
  }
}
