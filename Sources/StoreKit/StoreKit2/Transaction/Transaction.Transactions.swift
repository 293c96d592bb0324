extension Transaction {
  /// StoreKit's `Transaction.Transactions`: the asynchronous sequence of signed transactions
  /// `all`, `currentEntitlements`, `unfinished` and `updates` are.
  ///
  /// `all`, `currentEntitlements` and `unfinished` ask the store once and end. `updates` ends
  /// only when the task iterating it is cancelled: while the store cannot be reached it
  /// tries again every second, and says so on standard error (`StoreKit: …`) when the
  /// outage starts, since this sequence, as Apple's, cannot throw.
  public struct Transactions: AsyncSequence, Sendable {
    /// What the sequence yields.
    public typealias Element = VerificationResult<Transaction>

    /// Where the transactions come from.
    enum Source: Sendable {
      /// What `load` asks of the control plane, once; `context` names the call in reports.
      case request(context: String, load: @Sendable (StoreConnection) async throws(StoreConnectionError) -> [VerificationResult<Transaction>])
      /// The update stream (`GET /transactions/updates`).
      case updates
    }

    let source: Source
    let store: Result<StoreConnection, StoreConnectionError>

    /// The sequence from `store`, else from the store of the calling task
    /// (`StoreContext.connection()`).
    init(_ source: Source, store: StoreConnection? = nil) {
      self.source = source
      self.store = store.map { .success($0) } ?? Result { () throws(StoreConnectionError) in try StoreContext.connection() }
    }

    /// Starts an iteration, with a feed of its own.
    public func makeAsyncIterator() -> AsyncIterator {
      let stream: AsyncStream<Element>
      switch (source, store) {
      case let (_, .failure(error)):
        FileHandleReport.unresolved("Transaction sequence", error)
        stream = AsyncStream { $0.finish() }
      case let (.updates, .success(store)):
        stream = TransactionUpdatesFeed.stream(store)
      case let (.request(context, load), .success(store)):
        stream = AsyncStream { continuation in
          let task = Task {
            do throws(StoreConnectionError) {
              for result in try await load(store) { continuation.yield(result) }
            } catch {
              StoreDiagnostics.report(context, error, store: store)
            }
            continuation.finish()
          }
          continuation.onTermination = { _ in task.cancel() }
        }
      }
      return AsyncIterator(base: stream.makeAsyncIterator())
    }

    /// The iterator: `next()` waits for the next transaction; nil at the end (or once the
    /// task is cancelled).
    public struct AsyncIterator: AsyncIteratorProtocol {
      var base: AsyncStream<Element>.Iterator

      /// The next element; nil at the end, or once the iterating task is cancelled.
      public mutating func next() async -> VerificationResult<Transaction>? { await base.next() }
    }
  }
}
