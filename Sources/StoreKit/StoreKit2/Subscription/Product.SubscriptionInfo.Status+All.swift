extension Product.SubscriptionInfo.Status {
  /// The statuses of every subscription group the customer subscribed in, one group at a
  /// time, as the store has them when iteration starts; then the sequence ends. A store
  /// that cannot be reached ends it at once (reported on standard error).
  public static var all: AsyncStream<(groupID: String, statuses: [Product.SubscriptionInfo.Status])> {
    let store = Result { () throws(StoreConnectionError) in try StoreContext.connection() }
    return AsyncStream { continuation in
      let task = Task {
        switch store {
        case let .failure(error):
          FileHandleReport.unresolved("Product.SubscriptionInfo.Status.all", error)
        case let .success(store):
          do throws(StoreConnectionError) {
            var groups: [(groupID: String, statuses: [Product.SubscriptionInfo.Status])] = []
            let answer = try await store.call("GET", "/subscriptions")
            let statuses = try await StoreConnection.offPool { () throws(StoreConnectionError) in try Self.all(in: answer, store: store) }.get()
            for status in statuses {
              let group = status.transaction.unsafePayloadValue.subscriptionGroupID ?? ""
              if let index = groups.firstIndex(where: { $0.groupID == group }) {
                groups[index].statuses.append(status)
              } else {
                groups.append((group, [status]))
              }
            }
            for group in groups { continuation.yield(group) }
          } catch {
            StoreDiagnostics.report("Product.SubscriptionInfo.Status.all", error, store: store)
          }
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}
