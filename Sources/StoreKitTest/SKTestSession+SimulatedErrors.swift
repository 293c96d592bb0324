import IAPFormats
import StoreKit

/// The test environment's simulated StoreKit errors (iOS 17), each one of the store's
/// `fail-…` settings (docs/commands.md), as Xcode's "Simulate StoreKit failures" sets them.
extension SKTestSession {
  /// Makes every call of `api` fail with `error` until another error is set, or no longer
  /// fail with nil.
  ///
  /// The store fails the calls, StoreKit 1's included, with the error's `SKError`
  /// (`networkError` is `cloudServiceNetworkConnectionFailed`, `notEntitled` is
  /// `clientInvalid`, `systemError` is `unknown`, …), and StoreKit 2's calls throw `error`
  /// itself: `Product.products(for:)` for `.loadProducts`, `purchase(options:)` for
  /// `.purchase` (a `userCancelled` one answers `.userCancelled`), `AppStore.sync()`,
  /// `Product.SubscriptionInfo.status`, `AppTransaction.shared`. For `.verification`, every
  /// signed value is `.unverified` with the error. The sheets' APIs (`.manageSubscriptions`,
  /// `.refundRequest`, `.offerCodeRedeem`) fail the store's counterparts: `iap subscription
  /// manage`, `POST /transactions/{id}/refund-request` and offer-code redemptions.
  ///
  /// - Throws: `SKTestError.serviceUnavailable` when the store cannot be reached.
  public func setSimulatedError<API: FailableStoreKitAPI>(_ error: API.Failure?, forAPI api: API) async throws {
    guard let setting = (API.self as? any StoreFailableAPI.Type)?.api else {
      throw SKTestError(.invalidAction, message: "\(API.self) is not one of the test environment's failable StoreKit APIs")
    }
    let failure = error as? any StoreFailure
    let value = failure?.storeValue ?? "off"
    _ = try await send("PATCH", "/settings", body: .object([(setting.rawValue, .string(value))]))
    if let thrown = failure?.thrownError {
      connection.simulatedErrors.choose(thrown, failingWith: value, for: setting)
    } else {
      connection.simulatedErrors.forget(setting)
    }
    // The verifier keeps the store's simulated verification failure with its keys.
    if setting == .verification { connection.verifier.forget() }
  }

  /// The error calls of `api` fail with, nil when they do not fail: the one set by
  /// `setSimulatedError(_:forAPI:)`, else the one the store's setting names (set by the
  /// configuration file, or from outside with `iap settings`). Nil, reported as
  /// `SessionFailure` says, when the store cannot be reached.
  public func simulatedError<API: FailableStoreKitAPI>(forAPI api: API) async -> API.Failure? {
    guard let setting = (API.self as? any StoreFailableAPI.Type)?.api,
      let failureType = API.Failure.self as? any StoreFailure.Type
    else { return nil }
    let value: String
    do {
      let settings = try await connection.call("GET", "/settings")["settings"]
      value = settings?[setting.rawValue]?["value"]?.stringValue ?? "off"
    } catch {
      SessionFailure.report("cannot read the setting \(setting.rawValue): \(error.message)")
      return nil
    }
    guard value != "off" else { return nil }
    let chosen = connection.simulatedErrors.error(for: setting, failingWith: value)
    return failureType.init(storeValue: value, chosen: chosen) as? API.Failure
  }
}
