import StoreKit

/// Apple's `SKTestFailures`: the errors each failable StoreKit API can be made to fail with
/// (`SKTestSession.setSimulatedError(_:forAPI:)`), one enumeration per API.
///
/// Two failures are equal when their errors are the same case with the same values: a
/// `StoreKitError.networkError`'s `URLError` code, a `systemError`'s description.
public enum SKTestFailures {
  /// How `Product.products(for:)` fails.
  public enum LoadProducts: SKTestFailure {
    /// With this `StoreKitError`.
    case generic(StoreKitError)

    /// Whether the two are the same failure: the same case, with the same error.
    public static func == (lhs: Self, rhs: Self) -> Bool {
      switch (lhs, rhs) {
      case let (.generic(a), .generic(b)): return a.isSame(as: b)
      }
    }
  }

  /// How `Product.purchase(options:)` (and StoreKit 1's payments) fail.
  public enum Purchase: SKTestFailure {
    /// With this `StoreKitError`.
    case generic(StoreKitError)
    /// With this `Product.PurchaseError`.
    case purchase(Product.PurchaseError)

    /// Whether the two are the same failure: the same case, with the same error.
    public static func == (lhs: Self, rhs: Self) -> Bool {
      switch (lhs, rhs) {
      case let (.generic(a), .generic(b)): return a.isSame(as: b)
      case let (.purchase(a), .purchase(b)): return a == b
      default: return false
      }
    }
  }

  /// How the verification of signed values fails: each is unverified with this error.
  public enum Verification: SKTestFailure {
    /// With this `VerificationError`.
    case verification(VerificationResult<Any>.VerificationError)
  }

  /// How `AppStore.sync()` fails.
  public enum AppStoreSync: SKTestFailure {
    /// With this `StoreKitError`.
    case generic(StoreKitError)

    /// Whether the two are the same failure: the same case, with the same error.
    public static func == (lhs: Self, rhs: Self) -> Bool {
      switch (lhs, rhs) {
      case let (.generic(a), .generic(b)): return a.isSame(as: b)
      }
    }
  }

  /// How `Product.SubscriptionInfo.status` and `status(for:)` fail.
  public enum SubscriptionStatus: SKTestFailure {
    /// With this `StoreKitError`.
    case generic(StoreKitError)

    /// Whether the two are the same failure: the same case, with the same error.
    public static func == (lhs: Self, rhs: Self) -> Bool {
      switch (lhs, rhs) {
      case let (.generic(a), .generic(b)): return a.isSame(as: b)
      }
    }
  }

  /// How `AppTransaction.shared` and `refresh()` fail.
  public enum AppTransaction: SKTestFailure {
    /// With this `StoreKitError`.
    case generic(StoreKitError)

    /// Whether the two are the same failure: the same case, with the same error.
    public static func == (lhs: Self, rhs: Self) -> Bool {
      switch (lhs, rhs) {
      case let (.generic(a), .generic(b)): return a.isSame(as: b)
      }
    }
  }

  /// How the manage-subscriptions sheet fails. StoreKit here has no sheets (they take a
  /// window scene): the failure is the store's `fail-manage-subscriptions` setting, which
  /// fails `iap subscription manage`.
  public enum ManageSubscriptions: SKTestFailure {
    /// With this `StoreKitError`.
    case generic(StoreKitError)

    /// Whether the two are the same failure: the same case, with the same error.
    public static func == (lhs: Self, rhs: Self) -> Bool {
      switch (lhs, rhs) {
      case let (.generic(a), .generic(b)): return a.isSame(as: b)
      }
    }
  }

  /// How a refund request fails. StoreKit here has no `beginRefundRequest(in:)` (it takes a
  /// window scene): the failure is the store's `fail-refund-request` setting, which fails
  /// the store's refund requests (`POST /transactions/{id}/refund-request`).
  public enum RefundRequest: SKTestFailure {
    /// With this `StoreKitError`.
    case generic(StoreKitError)
    /// With this `Transaction.RefundRequestError`.
    case refundRequest(Transaction.RefundRequestError)

    /// Whether the two are the same failure: the same case, with the same error.
    public static func == (lhs: Self, rhs: Self) -> Bool {
      switch (lhs, rhs) {
      case let (.generic(a), .generic(b)): return a.isSame(as: b)
      case let (.refundRequest(a), .refundRequest(b)): return a == b
      default: return false
      }
    }
  }

  /// How the offer-code redemption sheet fails. StoreKit here has no sheets: the failure is
  /// the store's `fail-offer-code-redeem` setting, which fails the store's redemptions of
  /// offer codes (`iap buy --offer-code`, `POST /purchases` with `offerCode`).
  public enum OfferCodeRedeem: SKTestFailure {
    /// With this `StoreKitError`.
    case generic(StoreKitError)

    /// Whether the two are the same failure: the same case, with the same error.
    public static func == (lhs: Self, rhs: Self) -> Bool {
      switch (lhs, rhs) {
      case let (.generic(a), .generic(b)): return a.isSame(as: b)
      }
    }
  }
}

extension StoreKitError {
  /// Whether `other` is the same case with the same values: a `networkError`'s `URLError`
  /// code, a `systemError`'s description (its error is not `Equatable`).
  func isSame(as other: StoreKitError) -> Bool {
    switch (self, other) {
    case (.unknown, .unknown), (.userCancelled, .userCancelled), (.notAvailableInStorefront, .notAvailableInStorefront),
      (.notEntitled, .notEntitled), (.unsupported, .unsupported):
      return true
    case let (.networkError(a), .networkError(b)): return a.code == b.code
    case let (.systemError(a), .systemError(b)): return String(reflecting: a) == String(reflecting: b)
    default: return false
    }
  }
}
