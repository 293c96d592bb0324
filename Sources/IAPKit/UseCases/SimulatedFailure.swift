import IAPCore

/// The simulated failures of StoreKit's requests (the `fail-…` settings, as Xcode's
/// `_storeKitErrors` and `SKTestSession.setSimulatedError(_:forAPI:)` set them).
enum SimulatedFailure {
  /// Throws the failure `code` names for `api` (how the app sees it fail), if it names one;
  /// the request then changes nothing.
  static func check(_ code: SKErrorCode?, _ api: String) throws(IAPError) {
    guard let code else { return }
    throw .refused(.requestFailed(api: api, StoreError(code, "simulated failure: \(code.defaultMessage)")))
  }
}
