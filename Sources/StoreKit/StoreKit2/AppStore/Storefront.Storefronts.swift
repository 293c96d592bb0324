extension Storefront {
  /// StoreKit's `Storefront.Storefronts`: the storefront each time it changes.
  public struct Storefronts: AsyncSequence, Sendable {
    /// What the sequence yields.
    public typealias Element = Storefront

    let store: Result<StoreConnection, StoreConnectionError>

    /// Starts an iteration, with a feed of its own.
    public func makeAsyncIterator() -> AsyncIterator {
      // The storefront in force when iteration starts is not a change: it is only noted.
      let stream = StorePolling.stream(store, path: "/storefront", context: "Storefront.updates", initial: Storefront?.none) {
        (last, answer) throws(StoreConnectionError) -> [Storefront] in
        guard let now = Storefront(answer) else { return [] }
        defer { last = now }
        return last == nil || now.isSame(as: last) ? [] : [now]
      }
      return AsyncIterator(base: stream.makeAsyncIterator())
    }

    /// The iterator: `next()` waits for the next change; nil once the task is cancelled.
    public struct AsyncIterator: AsyncIteratorProtocol {
      var base: AsyncStream<Storefront>.Iterator

      /// The next element; nil at the end, or once the iterating task is cancelled.
      public mutating func next() async -> Storefront? { await base.next() }
    }
  }
}
