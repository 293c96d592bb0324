import Foundation

/// StoreKit's `AppStore`: what the app asks of the App Store itself.
public enum AppStore: Sendable {
  /// Whether the customer may make payments (the store's `can-make-payments` setting).
  ///
  /// Apple's is a synchronous property, so this asks the store with one request on the
  /// calling thread: a few milliseconds against the loopback store, bounded by the
  /// client's timeout, and never a wait for a thread of the cooperative pool (nothing here
  /// awaits). A store that cannot be reached answers false, and is reported on standard
  /// error: no purchase could be made.
  public static var canMakePayments: Bool {
    guard let store = try? StoreContext.connection() else { return false }
    do {
      return try store.callBlocking("GET", "/can-make-payments").bool("canMakePayments") ?? false
    } catch {
      StoreDiagnostics.report("AppStore.canMakePayments", error, store: store)
      return false
    }
  }

  /// This device's identifier for `AppTransaction.deviceVerification`, the same for every
  /// app of a vendor on a device. Synchronous as Apple's, asked of the store as
  /// `canMakePayments` is; nil when the store cannot be reached (reported on standard error)
  /// or does not make app transactions (its `fail-app-transaction` setting).
  public static var deviceVerificationID: UUID? {
    guard let store = try? StoreContext.connection() else { return nil }
    do {
      return try store.callBlocking("GET", "/app-transaction").uuid("deviceVerificationID")
    } catch {
      StoreDiagnostics.report("AppStore.deviceVerificationID", error, store: store)
      return nil
    }
  }

  /// Makes the customer's transactions and renewal info current with the App Store, as a
  /// Restore Purchases button does; the results come through `Transaction.currentEntitlements`
  /// and `Transaction.updates`. Throws `StoreKitError` (the store's `fail-app-store-sync`
  /// error; `networkError` when it cannot be reached).
  public static func sync() async throws {
    let store = try StoreErrors.resolve()
    do { _ = try await store.call("POST", "/sync") } catch { throw StoreErrors.storeKitError(error, .appStoreSync, store) }
  }
}
