/// The store's "no" to a request about transactions (exit status 1).
public enum StoreRefusal: Error, Equatable, Sendable {
  /// The id was never issued by this store.
  case unknownTransaction(String)
  /// The transaction exists but is not in this device's queue.
  case notInQueue(UInt64, why: String)
  /// The transaction is in a state that cannot be finished.
  case notFinishable(UInt64, TransactionState)
  /// `finish --all` found nothing.
  case nothingToFinish

  /// The one-line message users see.
  public var message: String {
    switch self {
    case let .unknownTransaction(id): return "unknown transaction '\(id)'"
    case let .notInQueue(id, why): return "transaction \(id) is not in the payment queue: \(why)"
    case let .notFinishable(id, state):
      let why = state == .deferred ? "it is waiting for approval (Ask to Buy)" : "it has no outcome yet"
      return "transaction \(id) is \(state.rawValue) and cannot be finished: \(why)"
    case .nothingToFinish: return "nothing to finish: the payment queue is empty"
    }
  }
}
