/// Where a transaction stands in the payment queue.
public enum SKPaymentTransactionState: Int, Sendable {
  /// The store is processing the payment.
  case purchasing = 0
  /// Paid: deliver the content, then finish the transaction.
  case purchased = 1
  /// The payment failed; the transaction's `error` says why. Finish it.
  case failed = 2
  /// A purchase made before, restored; `original` is that purchase. Finish it.
  case restored = 3
  /// Waiting for an action outside the app (Ask to Buy); no outcome yet.
  case deferred = 4
}

extension SKPaymentTransactionState {
  /// The state the store names (`purchasing`, `purchased`, `failed`, `restored`, `deferred`).
  package init?(storeName: String) {
    switch storeName {
    case "purchasing": self = .purchasing
    case "purchased": self = .purchased
    case "failed": self = .failed
    case "restored": self = .restored
    case "deferred": self = .deferred
    default: return nil
    }
  }
}
