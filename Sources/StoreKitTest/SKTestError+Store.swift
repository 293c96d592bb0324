import StoreKit

extension SKTestError {
  /// The test environment's error for the store's: the store's name for it says which code
  /// (docs/control-api.md lists them), its message is kept.
  init(_ error: StoreConnectionError) {
    let code: Code
    switch error.name {
    case "unknownTransaction": code = .noTransactionFound
    case "noSubscription": code = .noSubscriptionFound
    case "unreachable", "namespaceLimit": code = .serviceUnavailable
    default: code = error.status >= 500 ? .serviceUnavailable : .invalidAction
    }
    self.init(code, message: error.message)
  }
}
