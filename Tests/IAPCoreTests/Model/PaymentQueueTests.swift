import Testing

@testable import IAPCore
@testable import IAPFormats

@Suite struct PaymentQueueTests {
  func transaction(_ id: UInt64, finished: Bool = false) -> Transaction {
    Transaction(
      id: id, originalId: id, productId: "gems", productType: .consumable, state: .purchased, quantity: 1,
      purchaseDate: Timestamp(milliseconds: Int64(id)), originalPurchaseDate: Timestamp(milliseconds: Int64(id)),
      account: "a", device: "d", finished: finished)
  }

  @Test func keepsEntryOrderThroughRemovalsAndSweeps() {
    var queue = PaymentQueue()
    for id in 1...200 { queue.put(transaction(UInt64(id))) }
    // Oldest first, as `finish --all` does, past the point where the holes are swept out.
    for id in 1...150 {
      let removed = queue.remove(id: UInt64(id))
      #expect(removed)
    }
    #expect(queue.map(\.id) == Array(151...200))
    #expect(queue.count == 50)
    #expect(queue[151]?.id == 151 && queue[150] == nil)
    // A new version replaces the queued one where it stands; a new id goes last.
    var changed = transaction(160)
    changed.quantity = 3
    queue.put(changed)
    queue.put(transaction(7))
    #expect(queue.transactions.map(\.id) == Array(151...200) + [7])
    #expect(queue[160]?.quantity == 3)
    let removedTwice = queue.remove(id: 1)
    #expect(!removedTwice)
  }

  /// A short queue is searched rather than indexed: the same answers.
  @Test func aShortQueueAnswersAlike() {
    var queue = PaymentQueue((1...5).map { transaction(UInt64($0)) })
    let removed = queue.remove(id: 3)
    #expect(removed && queue[3] == nil && queue[4]?.id == 4)
    queue.put(transaction(9))
    #expect(queue.map(\.id) == [1, 2, 4, 5, 9] && queue.count == 5)
  }

  @Test func equalWhateverTheHoles() {
    var holey = PaymentQueue((1...40).map { transaction(UInt64($0)) })
    for id in 1...30 { holey.remove(id: UInt64(id)) }
    let plain = PaymentQueue((31...40).map { transaction(UInt64($0)) })
    #expect(holey == plain)
    holey.remove(id: 40)
    #expect(holey != plain)
    for id in 31...39 { holey.remove(id: UInt64(id)) }
    #expect(holey.isEmpty && holey == PaymentQueue())
  }

  /// Past one chunk of slots (`PaymentQueue.chunkSize`) the queue answers as it does within
  /// one: order, lookups, replacements and sweeps across the chunks' edges.
  @Test func aQueueOfSeveralChunksKeepsItsOrder() {
    let size = PaymentQueue.chunkSize
    var queue = PaymentQueue()
    for id in 1...(2 * size + 10) { queue.put(transaction(UInt64(id))) }
    #expect(queue.count == 2 * size + 10 && queue[UInt64(size + 1)]?.id == UInt64(size + 1))
    var changed = transaction(UInt64(2 * size))
    changed.quantity = 5
    queue.put(changed)
    #expect(queue[UInt64(2 * size)]?.quantity == 5)
    // Every other one, then the oldest run: sweeps happen across chunks.
    for id in stride(from: 2, through: 2 * size + 10, by: 2) { queue.remove(id: UInt64(id)) }
    for id in stride(from: 1, through: size, by: 2) { queue.remove(id: UInt64(id)) }
    let left = stride(from: size + 1, through: 2 * size + 10, by: 2).map { UInt64($0) }
    #expect(queue.map(\.id) == left && queue.count == left.count)
    #expect(queue.transactions.map(\.id) == left && queue[UInt64(size + 1)]?.id == UInt64(size + 1) && queue[2] == nil)
    queue.put(transaction(1))
    #expect(queue.map(\.id) == left + [1], "a returning id goes last")
  }

  @Test func theScheduleGivesTheEarliestThenByAccountThenGroup() {
    var schedule = SubscriptionSchedule(StoreState(), until: Timestamp(milliseconds: 100))
    func subscription(_ account: String, _ group: String, expires: Int64) -> Subscription {
      var latest = transaction(1)
      latest.expirationDate = Timestamp(milliseconds: expires)
      return Subscription(
        account: account, group: group, originalId: 1, originalPurchaseDate: latest.purchaseDate, latest: latest,
        period: .oneWeek, level: 1, autoRenew: true, status: .subscribed, renewals: 0)
    }
    schedule.schedule(subscription("b", "g1", expires: 10), until: Timestamp(milliseconds: 100))
    schedule.schedule(subscription("a", "g2", expires: 10), until: Timestamp(milliseconds: 100))
    schedule.schedule(subscription("a", "g1", expires: 20), until: Timestamp(milliseconds: 100))
    schedule.schedule(subscription("c", "g1", expires: 200), until: Timestamp(milliseconds: 100))  // not due
    // Scheduled again: the earlier entry is stale and skipped.
    schedule.schedule(subscription("a", "g1", expires: 5), until: Timestamp(milliseconds: 100))
    var order: [String] = []
    while let entry = schedule.popEarliest() { order.append("\(entry.account)/\(entry.group)@\(entry.at.milliseconds)") }
    #expect(order == ["a/g1@5", "a/g2@10", "b/g1@10"])
  }
}
