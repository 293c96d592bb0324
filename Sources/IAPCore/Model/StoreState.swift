/// One account's part of the store: its payment queue on each device and what it owns.
package struct AccountState: Equatable, Sendable {
  /// Unfinished transactions per device, oldest first.
  package var queues: [String: PaymentQueue] = [:]
  /// Non-consumables and non-renewing subscriptions owned, by product id.
  package var ownership: [String: Ownership] = [:]
  /// Auto-renewable subscriptions, by subscription group.
  package var subscriptions: [String: Subscription] = [:]
  /// How many times the app receipt was updated.
  package var receiptUpdates = 0
  /// The StoreKit messages (`StoreMessage.id`) the account dismissed.
  package var dismissedMessages: Set<String> = []
  /// The ids of the messages the App Store sent of its own (`Message.Reason.generic`), oldest
  /// first.
  package var genericMessages: [String] = []

  package init() {}
}

/// Everything a command needs short of the full history, as a fold of the log.
///
/// `apply(_:)` is the only way it changes, both when a command makes a new record and when
/// storage replays the log after a crash, so the two can never disagree.
package struct StoreState: Equatable, Sendable {
  /// The id the next transaction gets.
  package var nextId: UInt64 = 1
  /// How many server notifications were sent.
  package var notificationCount = 0
  package var accounts: [String: AccountState] = [:]
  /// The nonces of promotional offer signatures already used (lowercased), store-wide as the
  /// App Store keeps them: a signature is good for one purchase.
  package var usedOfferNonces: Set<String> = []
  /// Mass renewal-date extensions, by `MassExtension.key`.
  package var massExtensions: [String: MassExtension] = [:]
  /// Family Sharing: each purchaser's family members (account names, sorted).
  package var families: [String: [String]] = [:]
  /// External purchase tokens whose reporting period has not ended, oldest first.
  package var unreportedTokens: [ExternalPurchaseToken] = []

  package init() {}

  /// Folds one log record into the state.
  package mutating func apply(_ record: LogRecord) {
    switch record {
    case let .transaction(transaction): apply(transaction)
    case let .clearAccount(name): accounts[name] = nil
    case let .reinstall(device):
      for name in accounts.keys {
        guard let dropped = accounts[name]?.queues.removeValue(forKey: device)?.transactions else { continue }
        // What the reinstall took out of the queue is complete as far as the store knows.
        for transaction in dropped { markCompleted(transaction, in: name) }
      }
    case let .subscription(subscription):
      accounts[subscription.account, default: AccountState()].subscriptions[subscription.group] = subscription
    case let .removeSubscription(account, group):
      accounts[account]?.subscriptions[group] = nil
    case let .receiptUpdate(account):
      accounts[account, default: AccountState()].receiptUpdates += 1
    case let .family(organizer, member, joined):
      var members = families[organizer, default: []].filter { $0 != member }
      if joined { members = (members + [member]).sorted() }
      families[organizer] = members.isEmpty ? nil : members
    case let .offerNonce(nonce):
      usedOfferNonces.insert(nonce)
    case let .massExtension(request):
      massExtensions[request.key] = request
    case let .dismissMessages(account, ids):
      accounts[account, default: AccountState()].dismissedMessages.formUnion(ids)
    case let .appStoreMessage(account, id):
      accounts[account, default: AccountState()].genericMessages.append(id)
    case let .externalPurchaseToken(token, pending):
      if pending {
        unreportedTokens.append(token)
      } else {
        unreportedTokens.removeAll { $0.externalPurchaseId == token.externalPurchaseId }
      }
    case .notification:
      notificationCount += 1
    }
  }

  /// A purchase that was finished or left the queue can be restored.
  private mutating func markCompleted(_ transaction: Transaction, in account: String) {
    if accounts[account]?.ownership[transaction.productId]?.latest.id == transaction.id {
      accounts[account]?.ownership[transaction.productId]?.restorable = true
    }
    if let group = transaction.subscriptionGroup,
      accounts[account]?.subscriptions[group]?.originalId == transaction.originalId
    {
      accounts[account]?.subscriptions[group]?.restorable = true
    }
  }

  /// Folds one transaction version into the state, in place: O(1) amortized however long
  /// the queue (the account, its queue and its subscription are mutated where they lie,
  /// never copied out and written back, which would copy them whole).
  package mutating func apply(_ transaction: Transaction) {
    nextId = max(nextId, transaction.id + 1)
    Self.apply(transaction, to: &accounts[transaction.account, default: AccountState()])
    if transaction.finished { markCompleted(transaction, in: transaction.account) }
  }

  private static func apply(_ transaction: Transaction, to account: inout AccountState) {
    if transaction.finished || transaction.deleted {
      if account.queues[transaction.device]?.remove(id: transaction.id) == true, account.queues[transaction.device]!.isEmpty {
        account.queues[transaction.device] = nil
      }
    } else {
      // Ids only grow, so queuing a new one last keeps the queue oldest first.
      account.queues[transaction.device, default: PaymentQueue()].put(transaction)
    }
    updateOwnership(&account, with: transaction)
    // A subscription keeps its newest transaction current (finishing or refunding it is a new
    // version); its status changes arrive as `.subscription` records.
    if let group = transaction.subscriptionGroup, account.subscriptions[group]?.latest.id == transaction.id {
      account.subscriptions[group]?.latest = transaction
    }
  }

  private static func updateOwnership(_ account: inout AccountState, with transaction: Transaction) {
    guard transaction.state == .purchased, let type = transaction.productType, type.isDurable, type != .autoRenewable
    else { return }
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
