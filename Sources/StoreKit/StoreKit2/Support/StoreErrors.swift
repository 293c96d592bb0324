import Foundation

/// How a failed call to the store reaches the app: as the error StoreKit throws for it.
/// The store names its errors as `SKError` does (a simulated failure, a refused purchase),
/// or `unreachable` when it could not be reached at all.
///
/// Each StoreKit 2 error has the `SKError` the store fails with for it, mapped both ways: a
/// store's failure is thrown as its StoreKit 2 error, and a test session's simulated
/// StoreKit 2 error is set on the store as its `SKError` (as Xcode's `_storeKitErrors`
/// entries are read into the `fail-…` settings).
package enum StoreErrors {
  /// `Product.PurchaseError`'s cases, and the `SKError` name of each.
  static let purchaseErrors: [(error: Product.PurchaseError, name: String)] = [
    (.invalidQuantity, "paymentInvalid"), (.productUnavailable, "storeProductNotAvailable"),
    (.purchaseNotAllowed, "paymentNotAllowed"), (.ineligibleForOffer, "ineligibleForOffer"),
    (.invalidOfferIdentifier, "invalidOfferIdentifier"), (.invalidOfferPrice, "invalidOfferPrice"),
    (.invalidOfferSignature, "invalidSignature"), (.missingOfferParameters, "missingOfferParams"),
  ]

  /// The error a StoreKit call other than a purchase throws.
  package static func storeKitError(_ error: StoreConnectionError) -> StoreKitError {
    if error.isUnreachable {
      return .networkError(URLError(.cannotConnectToHost, userInfo: [NSLocalizedDescriptionKey: error.message]))
    }
    switch error.name {
    case "cloudServiceNetworkConnectionFailed":
      return .networkError(URLError(.notConnectedToInternet, userInfo: [NSLocalizedDescriptionKey: error.message]))
    case "paymentCancelled", "overlayCancelled": return .userCancelled
    case "unknown": return .unknown
    case "storeProductNotAvailable": return .notAvailableInStorefront
    case "clientInvalid": return .notEntitled
    case "unsupportedPlatform": return .unsupported
    default: return .systemError(error)
    }
  }

  /// The error a StoreKit call of `api` throws: the very error a test session set for `api`
  /// (`SKTestSession.setSimulatedError(_:forAPI:)`) while the store fails the call with its
  /// `SKError`, else `storeKitError(_:)`.
  static func storeKitError(_ error: StoreConnectionError, _ api: SimulatedAPI, _ store: StoreConnection) -> StoreKitError {
    store.simulatedErrors.error(for: api, failingWith: error.name) as? StoreKitError ?? storeKitError(error)
  }

  /// The error `purchase(options:)` throws: the error a test session set for purchases while
  /// the store fails them with its `SKError`; else a refusal StoreKit names
  /// `Product.PurchaseError`, else the call's `StoreKitError`.
  static func purchaseError(_ error: StoreConnectionError, _ store: StoreConnection) -> any Error {
    store.simulatedErrors.error(for: .purchase, failingWith: error.name) ?? purchaseError(error)
  }

  /// A refusal of a purchase StoreKit names `Product.PurchaseError`, else the call's
  /// `StoreKitError`.
  package static func purchaseError(_ error: StoreConnectionError) -> any Error {
    if error.name == "usage" && error.message.contains("quantity") { return Product.PurchaseError.invalidQuantity }
    return purchaseErrors.first { $0.name == error.name }?.error ?? storeKitError(error)
  }

  /// The `SKError` name the store fails with for `error`: `cloudServiceNetworkConnectionFailed`
  /// for `networkError`, `unknown` for a `systemError`, which no `SKError` stands for.
  package static func storeName(of error: StoreKitError) -> String {
    switch error {
    case .unknown, .systemError: return "unknown"
    case .userCancelled: return "paymentCancelled"
    case .networkError: return "cloudServiceNetworkConnectionFailed"
    case .notAvailableInStorefront: return "storeProductNotAvailable"
    case .notEntitled: return "clientInvalid"
    case .unsupported: return "unsupportedPlatform"
    }
  }

  /// The `SKError` name the store fails a purchase with for `error`.
  package static func storeName(of error: Product.PurchaseError) -> String {
    purchaseErrors.first { $0.error == error }?.name ?? "unknown"
  }
}

extension StoreErrors {
  /// The store a throwing StoreKit call goes to; none at all (the private store could not
  /// start) is a `StoreKitError`, as every failure of such a call is.
  static func resolve() throws -> StoreConnection {
    do { return try StoreContext.connection() } catch { throw storeKitError(error) }
  }
}
