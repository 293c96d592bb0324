/// One device's payment queue: its unfinished transactions in the order they entered it
/// (oldest first), found by id in constant time.
///
/// Renewals left unfinished pile up here (a century of weekly subscriptions is a hundred
/// thousand of them), and they leave in any order, often oldest first (`finish --all`). So a
/// removal leaves a hole rather than shifting what follows, and the holes are swept out once
/// they outnumber the transactions: every operation is O(1) amortized.
///
/// The slots lie in chunks of `chunkSize`: one array would be reallocated as it grows, and
/// while it is copied both the old and the new are in memory, a long queue's peak.
package struct PaymentQueue: Sequence, Sendable {
  /// The transactions in queue order, with holes (nil) where some left: slot `n` is
  /// `chunks[n / chunkSize][n % chunkSize]`; every chunk but the last is full.
  private var chunks: [[Transaction?]] = []
  /// How many slots there are, holes included.
  private var end = 0
  /// The slot of each transaction, by id, once the queue is longer than `indexThreshold`:
  /// a short queue is searched instead, which spares every command that loads one the
  /// run-time instantiation of the dictionary's type, a real part of a short command.
  private var slotById: [UInt64: Int]?
  /// How many transactions the queue holds.
  package private(set) var count = 0
  /// The first slot that may hold a transaction (the holes before it are all swept past).
  private var head = 0

  package init() {}

  package init<S: Sequence>(_ transactions: S) where S.Element == Transaction {
    for transaction in transactions { put(transaction) }
  }

  /// From this many slots on, transactions are found through `slotById`.
  static let indexThreshold = 32

  /// Slots per chunk.
  static let chunkSize = 4_096

  /// The transaction in slot `n`, or nil for a hole.
  private subscript(slot n: Int) -> Transaction? {
    get { chunks[n / Self.chunkSize][n % Self.chunkSize] }
    set { chunks[n / Self.chunkSize][n % Self.chunkSize] = newValue }
  }

  package var isEmpty: Bool { count == 0 }

  /// The queued transaction `id`, if it is queued.
  package subscript(id: UInt64) -> Transaction? {
    slot(of: id).flatMap { self[slot: $0] }
  }

  /// The slot that holds transaction `id`, if it is queued.
  private func slot(of id: UInt64) -> Int? {
    if let slotById { return slotById[id] }
    for slot in head..<end where self[slot: slot]?.id == id { return slot }
    return nil
  }

  /// The queued transactions, oldest first.
  package var transactions: [Transaction] {
    var result: [Transaction] = []
    result.reserveCapacity(count)
    for transaction in self { result.append(transaction) }
    return result
  }

  /// Replaces the queued version of the transaction, or queues it last.
  package mutating func put(_ transaction: Transaction) {
    if let slot = slot(of: transaction.id) {
      self[slot: slot] = transaction
      return
    }
    slotById?[transaction.id] = end
    appendSlot(transaction)
    if slotById == nil && end > Self.indexThreshold { index() }
  }

  /// Puts `transaction` in a new last slot, starting a chunk when the last one is full.
  private mutating func appendSlot(_ transaction: Transaction) {
    if end % Self.chunkSize == 0 { chunks.append([]) }
    chunks[chunks.count - 1].append(transaction)
    end += 1
    count += 1
  }

  /// Indexes every queued transaction by id.
  private mutating func index() {
    var index: [UInt64: Int] = [:]
    index.reserveCapacity(end - head)
    for slot in head..<end { if let id = self[slot: slot]?.id { index[id] = slot } }
    slotById = index
  }

  /// Takes transaction `id` out of the queue; returns whether it was queued.
  @discardableResult
  package mutating func remove(id: UInt64) -> Bool {
    guard let slot = slot(of: id) else { return false }
    slotById?[id] = nil
    self[slot: slot] = nil
    count -= 1
    while head < end, self[slot: head] == nil { head += 1 }
    if count == 0 {
      chunks.removeAll(keepingCapacity: false)
      slotById = nil
      head = 0
      end = 0
    } else if end - count > Swift.max(Self.indexThreshold, count) {
      compact()
    }
    return true
  }

  /// Sweeps the holes out, keeping the order.
  private mutating func compact() {
    let kept = self
    chunks = []
    end = 0
    count = 0
    head = 0
    slotById = nil
    for transaction in kept { appendSlot(transaction) }
    if end > Self.indexThreshold { index() }
  }

  package func makeIterator() -> Iterator { Iterator(chunks: chunks, slot: head, end: end) }

  /// Walks the queued transactions, oldest first, stepping over the holes.
  package struct Iterator: IteratorProtocol {
    let chunks: [[Transaction?]]
    var slot: Int
    let end: Int
    package mutating func next() -> Transaction? {
      while slot < end {
        defer { slot += 1 }
        if let transaction = chunks[slot / PaymentQueue.chunkSize][slot % PaymentQueue.chunkSize] { return transaction }
      }
      return nil
    }
  }

  package var underestimatedCount: Int { count }
}

extension PaymentQueue: Equatable {
  /// Two queues are equal when they hold the same transactions in the same order, however
  /// their holes lie.
  package static func == (lhs: PaymentQueue, rhs: PaymentQueue) -> Bool {
    lhs.count == rhs.count && lhs.elementsEqual(rhs)
  }
}

extension PaymentQueue: ExpressibleByArrayLiteral {
  package init(arrayLiteral transactions: Transaction...) { self.init(transactions) }
}
