import StoreKit

/// Apple's `FailableStoreKitAPI`: a StoreKit API whose failure a test simulates with
/// `SKTestSession.setSimulatedError(_:forAPI:)`, named by its static member (`.loadProducts`,
/// `.purchase`, …). Each is one of the store's `fail-…` settings.
public protocol FailableStoreKitAPI<Failure>: Sendable {
  /// The errors the API can be made to fail with.
  associatedtype Failure: SKTestFailure
}

/// What an API is in the store's terms: its `fail-…` setting.
protocol StoreFailableAPI: FailableStoreKitAPI where Failure: StoreFailure {
  /// Its setting.
  static var api: SimulatedAPI { get }
}

/// `Product.products(for:)` (`fail-load-products`).
public struct StoreKitLoadProductsAPI: FailableStoreKitAPI, StoreFailableAPI {
  /// What it can be made to fail with.
  public typealias Failure = SKTestFailures.LoadProducts
  /// Its setting.
  static var api: SimulatedAPI { .loadProducts }
  /// The API, as its static member (`.loadProducts`, …) names it.
  public init() {}
}

/// `Product.purchase(options:)` and StoreKit 1's payments (`fail-purchase`).
public struct StoreKitPurchaseAPI: FailableStoreKitAPI, StoreFailableAPI {
  /// What it can be made to fail with.
  public typealias Failure = SKTestFailures.Purchase
  /// Its setting.
  static var api: SimulatedAPI { .purchase }
  /// The API, as its static member (`.loadProducts`, …) names it.
  public init() {}
}

/// The verification of signed values (`fail-verification`).
public struct StoreKitVerificationAPI: FailableStoreKitAPI, StoreFailableAPI {
  /// What it can be made to fail with.
  public typealias Failure = SKTestFailures.Verification
  /// Its setting.
  static var api: SimulatedAPI { .verification }
  /// The API, as its static member (`.loadProducts`, …) names it.
  public init() {}
}

/// `AppStore.sync()` (`fail-app-store-sync`).
public struct StoreKitAppStoreSyncAPI: FailableStoreKitAPI, StoreFailableAPI {
  /// What it can be made to fail with.
  public typealias Failure = SKTestFailures.AppStoreSync
  /// Its setting.
  static var api: SimulatedAPI { .appStoreSync }
  /// The API, as its static member (`.loadProducts`, …) names it.
  public init() {}
}

/// `Product.SubscriptionInfo.status` and `status(for:)` (`fail-subscription-status`).
public struct StoreKitSubscriptionStatusAPI: FailableStoreKitAPI, StoreFailableAPI {
  /// What it can be made to fail with.
  public typealias Failure = SKTestFailures.SubscriptionStatus
  /// Its setting.
  static var api: SimulatedAPI { .subscriptionStatus }
  /// The API, as its static member (`.loadProducts`, …) names it.
  public init() {}
}

/// `AppTransaction.shared` and `refresh()` (`fail-app-transaction`).
public struct StoreKitAppTransactionAPI: FailableStoreKitAPI, StoreFailableAPI {
  /// What it can be made to fail with.
  public typealias Failure = SKTestFailures.AppTransaction
  /// Its setting.
  static var api: SimulatedAPI { .appTransaction }
  /// The API, as its static member (`.loadProducts`, …) names it.
  public init() {}
}

/// The manage-subscriptions sheet (`fail-manage-subscriptions`), which StoreKit here has not.
public struct StoreKitManageSubscriptionsAPI: FailableStoreKitAPI, StoreFailableAPI {
  /// What it can be made to fail with.
  public typealias Failure = SKTestFailures.ManageSubscriptions
  /// Its setting.
  static var api: SimulatedAPI { .manageSubscriptions }
  /// The API, as its static member (`.loadProducts`, …) names it.
  public init() {}
}

/// Refund requests (`fail-refund-request`); StoreKit here has no `beginRefundRequest(in:)`.
public struct StoreKitRefundRequestAPI: FailableStoreKitAPI, StoreFailableAPI {
  /// What it can be made to fail with.
  public typealias Failure = SKTestFailures.RefundRequest
  /// Its setting.
  static var api: SimulatedAPI { .refundRequest }
  /// The API, as its static member (`.loadProducts`, …) names it.
  public init() {}
}

/// Offer-code redemptions (`fail-offer-code-redeem`).
public struct StoreKitOfferCodeRedeemAPI: FailableStoreKitAPI, StoreFailableAPI {
  /// What it can be made to fail with.
  public typealias Failure = SKTestFailures.OfferCodeRedeem
  /// Its setting.
  static var api: SimulatedAPI { .offerCodeRedeem }
  /// The API, as its static member (`.loadProducts`, …) names it.
  public init() {}
}

extension FailableStoreKitAPI where Self == StoreKitLoadProductsAPI {
  /// `Product.products(for:)`.
  public static var loadProducts: StoreKitLoadProductsAPI { StoreKitLoadProductsAPI() }
}

extension FailableStoreKitAPI where Self == StoreKitPurchaseAPI {
  /// `Product.purchase(options:)`.
  public static var purchase: StoreKitPurchaseAPI { StoreKitPurchaseAPI() }
}

extension FailableStoreKitAPI where Self == StoreKitVerificationAPI {
  /// The verification of signed values.
  public static var verification: StoreKitVerificationAPI { StoreKitVerificationAPI() }
}

extension FailableStoreKitAPI where Self == StoreKitAppStoreSyncAPI {
  /// `AppStore.sync()`.
  public static var appStoreSync: StoreKitAppStoreSyncAPI { StoreKitAppStoreSyncAPI() }
}

extension FailableStoreKitAPI where Self == StoreKitSubscriptionStatusAPI {
  /// `Product.SubscriptionInfo.status`.
  public static var subscriptionStatus: StoreKitSubscriptionStatusAPI { StoreKitSubscriptionStatusAPI() }
}

extension FailableStoreKitAPI where Self == StoreKitAppTransactionAPI {
  /// `AppTransaction.shared`.
  public static var appTransaction: StoreKitAppTransactionAPI { StoreKitAppTransactionAPI() }
}

extension FailableStoreKitAPI where Self == StoreKitManageSubscriptionsAPI {
  /// The manage-subscriptions sheet.
  public static var manageSubscriptions: StoreKitManageSubscriptionsAPI { StoreKitManageSubscriptionsAPI() }
}

extension FailableStoreKitAPI where Self == StoreKitRefundRequestAPI {
  /// Refund requests.
  public static var refundRequest: StoreKitRefundRequestAPI { StoreKitRefundRequestAPI() }
}

extension FailableStoreKitAPI where Self == StoreKitOfferCodeRedeemAPI {
  /// Offer-code redemptions.
  public static var offerCodeRedeem: StoreKitOfferCodeRedeemAPI { StoreKitOfferCodeRedeemAPI() }
}
