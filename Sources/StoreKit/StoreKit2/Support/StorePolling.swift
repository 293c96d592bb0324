import IAPFormats

/// A sequence's feed made by asking the store the same route again and again (what has no
/// event stream of its own: subscription statuses, the storefront, messages), on a thread of
/// its own (`FeedWorker`) until the consumer goes. A store that cannot be reached is
/// reported once an outage (`StoreDiagnostics`) and asked again at the next turn.
enum StorePolling {
  /// How long the feed waits between two questions.
  static let intervalMilliseconds = 500

  /// The elements `changes` finds in each answer to `GET path`, given what it kept of the
  /// answers before (`state`, `initial` at first).
  static func stream<Element: Sendable, State: Sendable>(
    _ store: Result<StoreConnection, StoreConnectionError>, path: String, context: String, initial: State,
    changes: @escaping @Sendable (inout State, JSONValue) throws(StoreConnectionError) -> [Element]
  ) -> AsyncStream<Element> {
    FeedWorker.stream { worker, continuation in
      guard case let .success(store) = store else {
        if case let .failure(error) = store { FileHandleReport.unresolved(context, error) }
        return
      }
      var state = initial
      var failing = false
      repeat {
        do throws(StoreConnectionError) {
          let answer = try store.callBlocking("GET", path)
          failing = false
          for element in try changes(&state, answer) { continuation.yield(element) }
        } catch {
          if !failing { StoreDiagnostics.report("\(context): retrying", error, store: store) }
          failing = true
        }
      } while worker.pause(milliseconds: intervalMilliseconds)
    }
  }
}
