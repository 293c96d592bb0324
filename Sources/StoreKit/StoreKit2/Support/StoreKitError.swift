import Foundation

/// StoreKit's `StoreKitError`: why a StoreKit call failed. A store that cannot be reached
/// is `networkError`, as an offline device's App Store is; what the store refuses for a
/// reason StoreKit has no case for is `systemError`, carrying the store's explanation.
public enum StoreKitError: Error, LocalizedError {
  /// An unknown error occurred.
  case unknown
  /// The customer cancelled.
  case userCancelled
  /// The App Store could not be reached.
  case networkError(URLError)
  /// A system error occurred; the error says which.
  case systemError(any Error)
  /// The product is not available in the current storefront.
  case notAvailableInStorefront
  /// The app is not entitled to the feature it asked for.
  case notEntitled
  /// The feature is not supported here.
  case unsupported

  /// The error, in English.
  public var errorDescription: String? {
    switch self {
    case .unknown: return "An unknown error occurred."
    case .userCancelled: return "The operation was cancelled."
    case let .networkError(error): return "The App Store could not be reached: \(error.localizedDescription)"
    case let .systemError(error): return "A system error occurred: \(error)"
    case .notAvailableInStorefront: return "The item is not available in this storefront."
    case .notEntitled: return "The app is not entitled to this feature."
    case .unsupported: return "This feature is not supported."
    }
  }
}
