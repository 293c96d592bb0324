import IAPSystem

/// The StoreKit APIs whose failures a test simulates (StoreKitTest's `FailableStoreKitAPI`),
/// each by the store's setting that fails it.
package enum SimulatedAPI: String, Sendable {
  /// `Product.products(for:)`.
  case loadProducts = "fail-load-products"
  /// `Product.purchase(options:)`, and StoreKit 1's payments.
  case purchase = "fail-purchase"
  /// The verification of signed values.
  case verification = "fail-verification"
  /// `AppStore.sync()`.
  case appStoreSync = "fail-app-store-sync"
  /// `Product.SubscriptionInfo.status`.
  case subscriptionStatus = "fail-subscription-status"
  /// `AppTransaction.shared`.
  case appTransaction = "fail-app-transaction"
  /// The manage-subscriptions sheet (`iap subscription manage`).
  case manageSubscriptions = "fail-manage-subscriptions"
  /// Refund requests.
  case refundRequest = "fail-refund-request"
  /// Offer-code redemptions.
  case offerCodeRedeem = "fail-offer-code-redeem"
}

/// The errors a test session chose for a store's simulated failures
/// (`SKTestSession.setSimulatedError(_:forAPI:)`), kept on this side.
///
/// The store fails a call with an `SKError` name only, which cannot say every StoreKit 2
/// error: `StoreKitError.networkError` carries a `URLError`, and `systemError` has no
/// `SKError` at all. So the session sets the store's `fail-…` setting to the error's `SKError`
/// (the store decides whether the call fails, for StoreKit 1 as for StoreKit 2) and keeps the
/// error itself here; a StoreKit 2 call the store fails with that `SKError` throws it.
package final class SimulatedErrors: Sendable {
  /// An error chosen, and the `SKError` name the store fails with for it.
  private struct Choice {
    var name: String
    var error: any Error
  }

  private let choices = Locked<[SimulatedAPI: Choice]>([:])

  package init() {}

  /// `error` is the one calls of `api` throw while the store fails them with `name`.
  package func choose(_ error: any Error, failingWith name: String, for api: SimulatedAPI) {
    choices.withLock { $0[api] = Choice(name: name, error: error) }
  }

  /// Forgets the error chosen for `api`: the store's setting says the failure whole.
  package func forget(_ api: SimulatedAPI) {
    choices.withLock { $0[api] = nil }
  }

  /// Forgets every choice: the store's settings went back to their defaults.
  package func forgetAll() {
    choices.withLock { $0 = [:] }
  }

  /// The error chosen for `api`, if the store's failure is still its `SKError` `name` (a
  /// setting changed from elsewhere, `iap settings`, stands for itself).
  package func error(for api: SimulatedAPI, failingWith name: String) -> (any Error)? {
    choices.withLock { chosen in chosen[api].flatMap { $0.name == name ? $0.error : nil } }
  }
}
