extension Product.SubscriptionInfo.Status {
  /// StoreKit's `Product.SubscriptionInfo.Status.Statuses`: subscription statuses as they
  /// change.
  public struct Statuses: AsyncSequence, Sendable {
    /// What the sequence yields.
    public typealias Element = Product.SubscriptionInfo.Status

    let store: Result<StoreConnection, StoreConnectionError>

    /// Starts an iteration, with a feed of its own.
    public func makeAsyncIterator() -> AsyncIterator {
      // The first answer is what stands when iteration starts: noted, not a change.
      let stream = StorePolling.stream(
        store, path: "/subscriptions", context: "Product.SubscriptionInfo.Status.updates", initial: [UInt64: String]?.none
      ) { (known, answer) throws(StoreConnectionError) -> [Element] in
        guard case let .success(store) = store else { return [] }
        let statuses = try Product.SubscriptionInfo.Status.all(in: answer, store: store)
        var now: [UInt64: String] = [:]
        for status in statuses { now[status.transaction.unsafePayloadValue.originalID] = status.fingerprint }
        defer { known = now }
        guard let known else { return [] }
        return statuses.filter { known[$0.transaction.unsafePayloadValue.originalID] != $0.fingerprint }
      }
      return AsyncIterator(base: stream.makeAsyncIterator())
    }

    /// The iterator: `next()` waits for the next change; nil once the task is cancelled.
    public struct AsyncIterator: AsyncIteratorProtocol {
      var base: AsyncStream<Product.SubscriptionInfo.Status>.Iterator

      /// The next element; nil at the end, or once the iterating task is cancelled.
      public mutating func next() async -> Product.SubscriptionInfo.Status? { await base.next() }
    }
  }
}
