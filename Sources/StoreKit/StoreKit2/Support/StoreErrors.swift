import Foundation

/// How a failed call to the store reaches the app: as the error StoreKit throws for it.
/// The store names its errors as `SKError` does (a simulated failure, a refused purchase),
/// or `unreachable` when it could not be reached at all.
enum StoreErrors {
  /// The error a StoreKit call other than a purchase throws.
  static func storeKitError(_ error: StoreConnectionError) -> StoreKitError {
    if error.isUnreachable {
      return .networkError(URLError(.cannotConnectToHost, userInfo: [NSLocalizedDescriptionKey: error.message]))
    }
    switch error.name {
    case "cloudServiceNetworkConnectionFailed":
      return .networkError(URLError(.notConnectedToInternet, userInfo: [NSLocalizedDescriptionKey: error.message]))
    case "paymentCancelled", "overlayCancelled": return .userCancelled
    case "unknown": return .unknown
    case "unsupportedPlatform": return .unsupported
    case "clientInvalid": return .notEntitled
    default: return .systemError(error)
    }
  }

  /// The error `purchase(options:)` throws: a refusal StoreKit names `Product.PurchaseError`,
  /// else the call's `StoreKitError`.
  static func purchaseError(_ error: StoreConnectionError) -> any Error {
    switch error.name {
    case "paymentNotAllowed": return Product.PurchaseError.purchaseNotAllowed
    case "storeProductNotAvailable": return Product.PurchaseError.productUnavailable
    case "invalidOfferIdentifier": return Product.PurchaseError.invalidOfferIdentifier
    case "invalidSignature": return Product.PurchaseError.invalidOfferSignature
    case "missingOfferParams": return Product.PurchaseError.missingOfferParameters
    case "invalidOfferPrice": return Product.PurchaseError.invalidOfferPrice
    case "ineligibleForOffer": return Product.PurchaseError.ineligibleForOffer
    // The store refuses a quantity out of 1-10, or of anything but a consumable, as SKError's
    // paymentInvalid: StoreKit 2 calls both an invalid quantity.
    case "paymentInvalid": return Product.PurchaseError.invalidQuantity
    case "usage" where error.message.contains("quantity"): return Product.PurchaseError.invalidQuantity
    default: return storeKitError(error)
    }
  }
}

extension StoreErrors {
  /// The store a throwing StoreKit call goes to; none at all (the private store could not
  /// start) is a `StoreKitError`, as every failure of such a call is.
  static func resolve() throws -> StoreConnection {
    do { return try StoreContext.connection() } catch { throw storeKitError(error) }
  }
}
