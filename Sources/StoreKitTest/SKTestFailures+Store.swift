import IAPFormats
import StoreKit

/// A simulated failure in the store's terms: the value of the API's `fail-…` setting, and
/// the error StoreKit 2's call throws for it, which the connection keeps beside the setting
/// (`SimulatedErrors`) where the setting's `SKError` cannot say it whole.
protocol StoreFailure: SKTestFailure {
  /// The setting's value: the `SKError` name the store fails with (a `VerificationError` name
  /// for verification).
  var storeValue: String { get }
  /// The error the call throws, nil where the setting says it whole (verification).
  var thrownError: (any Error)? { get }
  /// The failure the setting's value `value` stands for, `chosen` being the error kept for
  /// it, if any; nil for a value that names none.
  init?(storeValue value: String, chosen: (any Error)?)
}

/// A failure of an API that fails with `StoreKitError`s only.
protocol GenericStoreFailure: StoreFailure {
  static func generic(_ error: StoreKitError) -> Self
  /// The error of the `generic` case.
  var genericError: StoreKitError { get }
}

extension GenericStoreFailure {
  var storeValue: String { StoreErrors.storeName(of: genericError) }
  var thrownError: (any Error)? { genericError }

  init?(storeValue value: String, chosen: (any Error)?) {
    self = .generic(chosen as? StoreKitError ?? StoreErrors.storeKitError(StoreFailures.failure(value)))
  }
}

extension SKTestFailures.LoadProducts: GenericStoreFailure {
  var genericError: StoreKitError { switch self { case let .generic(error): return error } }
}

extension SKTestFailures.AppStoreSync: GenericStoreFailure {
  var genericError: StoreKitError { switch self { case let .generic(error): return error } }
}

extension SKTestFailures.SubscriptionStatus: GenericStoreFailure {
  var genericError: StoreKitError { switch self { case let .generic(error): return error } }
}

extension SKTestFailures.AppTransaction: GenericStoreFailure {
  var genericError: StoreKitError { switch self { case let .generic(error): return error } }
}

extension SKTestFailures.ManageSubscriptions: GenericStoreFailure {
  var genericError: StoreKitError { switch self { case let .generic(error): return error } }
}

extension SKTestFailures.OfferCodeRedeem: GenericStoreFailure {
  var genericError: StoreKitError { switch self { case let .generic(error): return error } }
}

extension SKTestFailures.Purchase: StoreFailure {
  var storeValue: String {
    switch self {
    case let .generic(error): return StoreErrors.storeName(of: error)
    case let .purchase(error): return StoreErrors.storeName(of: error)
    }
  }

  var thrownError: (any Error)? {
    switch self {
    case let .generic(error): return error
    case let .purchase(error): return error
    }
  }

  init?(storeValue value: String, chosen: (any Error)?) {
    switch chosen ?? StoreErrors.purchaseError(StoreFailures.failure(value)) {
    case let error as Product.PurchaseError: self = .purchase(error)
    case let error as StoreKitError: self = .generic(error)
    default: return nil
    }
  }
}

extension SKTestFailures.RefundRequest: StoreFailure {
  /// The store's refund requests fail with an `SKError`: a `RefundRequestError` has none, and
  /// is `unknown` there.
  var storeValue: String {
    switch self {
    case let .generic(error): return StoreErrors.storeName(of: error)
    case .refundRequest: return "unknown"
    }
  }

  var thrownError: (any Error)? {
    switch self {
    case let .generic(error): return error
    case let .refundRequest(error): return error
    }
  }

  init?(storeValue value: String, chosen: (any Error)?) {
    switch chosen {
    case let error as Transaction.RefundRequestError: self = .refundRequest(error)
    case let error as StoreKitError: self = .generic(error)
    default: self = .generic(StoreErrors.storeKitError(StoreFailures.failure(value)))
    }
  }
}

extension SKTestFailures.Verification: StoreFailure {
  /// Every case of `VerificationError`, by the name the store's `fail-verification` gives it.
  static let errors: [VerificationResult<Any>.VerificationError] = [
    .revokedCertificate, .invalidCertificateChain, .invalidDeviceVerification, .invalidEncoding, .invalidSignature,
    .missingRequiredProperties,
  ]

  var storeValue: String {
    switch self { case let .verification(error): return "\(error)" }
  }

  var thrownError: (any Error)? { nil }

  init?(storeValue value: String, chosen: (any Error)?) {
    guard let error = Self.errors.first(where: { "\($0)" == value }) else { return nil }
    self = .verification(error)
  }
}

/// The store's failures as StoreKit reads them.
enum StoreFailures {
  /// The failure a call meets when the store's setting is `name`, as StoreKit sees it.
  static func failure(_ name: String) -> StoreConnectionError {
    StoreConnectionError(status: 200, name: name, message: "simulated failure: \(name)")
  }
}
