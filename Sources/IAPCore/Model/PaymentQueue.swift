/// One device's payment queue: its unfinished transactions in the order they entered it
/// (oldest first), found by id in constant time.
///
/// Renewals left unfinished pile up here (a century of weekly subscriptions is a hundred
/// thousand of them), and they leave in any order, often oldest first (`finish --all`). So a
/// removal leaves a hole rather than shifting what follows, and the holes are swept out once
/// they outnumber the transactions: every operation is O(1) amortized.
public struct PaymentQueue: Sequence, Sendable {
  /// The transactions in queue order, with holes (nil) where some left.
  private var slots: [Transaction?] = []
  /// The slot of each transaction, by id.
  private var slotById: [UInt64: Int] = [:]
  /// The first slot that may hold a transaction (the holes before it are all swept past).
  private var head = 0

  public init() {}

  public init<S: Sequence>(_ transactions: S) where S.Element == Transaction {
    for transaction in transactions { put(transaction) }
  }

  /// How many transactions are queued.
  public var count: Int { slotById.count }
  public var isEmpty: Bool { slotById.isEmpty }

  /// The queued transaction `id`, if it is queued.
  public subscript(id: UInt64) -> Transaction? {
    slotById[id].flatMap { slots[$0] }
  }

  /// The queued transactions, oldest first.
  public var transactions: [Transaction] {
    var result: [Transaction] = []
    result.reserveCapacity(count)
    for case let transaction? in slots[head...] { result.append(transaction) }
    return result
  }

  /// Replaces the queued version of the transaction, or queues it last.
  public mutating func put(_ transaction: Transaction) {
    if let slot = slotById[transaction.id] {
      slots[slot] = transaction
    } else {
      slotById[transaction.id] = slots.count
      slots.append(transaction)
    }
  }

  /// Takes transaction `id` out of the queue; returns whether it was queued.
  @discardableResult
  public mutating func remove(id: UInt64) -> Bool {
    guard let slot = slotById.removeValue(forKey: id) else { return false }
    slots[slot] = nil
    while head < slots.count, slots[head] == nil { head += 1 }
    if slotById.isEmpty {
      slots.removeAll(keepingCapacity: false)
      head = 0
    } else if slots.count - slotById.count > Swift.max(32, slotById.count) {
      compact()
    }
    return true
  }

  /// Sweeps the holes out, keeping the order.
  private mutating func compact() {
    let live = transactions
    slots = live.map { $0 }
    slotById.removeAll(keepingCapacity: true)
    for (slot, transaction) in live.enumerated() { slotById[transaction.id] = slot }
    head = 0
  }

  public func makeIterator() -> Iterator { Iterator(slots: slots[head...].makeIterator()) }

  /// Walks the queued transactions, oldest first, stepping over the holes.
  public struct Iterator: IteratorProtocol {
    var slots: ArraySlice<Transaction?>.Iterator
    public mutating func next() -> Transaction? {
      while let slot = slots.next() {
        if let transaction = slot { return transaction }
      }
      return nil
    }
  }

  public var underestimatedCount: Int { count }
}

extension PaymentQueue: Equatable {
  /// Two queues are equal when they hold the same transactions in the same order, however
  /// their holes lie.
  public static func == (lhs: PaymentQueue, rhs: PaymentQueue) -> Bool {
    lhs.count == rhs.count && lhs.elementsEqual(rhs)
  }
}

extension PaymentQueue: ExpressibleByArrayLiteral {
  public init(arrayLiteral transactions: Transaction...) { self.init(transactions) }
}
