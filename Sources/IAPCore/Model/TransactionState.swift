/// `SKPaymentTransactionState`, with its raw values.
package enum TransactionState: String, CaseIterable, Sendable {
  case purchasing
  case purchased
  case failed
  case restored
  case deferred

  /// The number StoreKit uses for the state.
  package var rawNumber: Int {
    switch self {
    case .purchasing: return 0
    case .purchased: return 1
    case .failed: return 2
    case .restored: return 3
    case .deferred: return 4
    }
  }

  /// Whether the app may call `finishTransaction` on it. Finishing a transaction that is still
  /// `purchasing` raises an exception in StoreKit; a `deferred` one has no outcome yet.
  package var isFinishable: Bool { self != .purchasing && self != .deferred }
}
