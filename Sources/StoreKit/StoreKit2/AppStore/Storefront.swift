import Foundation
import IAPFormats

/// StoreKit's `Storefront`: the App Store country or region the customer buys in (the
/// store's `storefront` setting, `SKTestSession.storefront`).
public struct Storefront: Identifiable, Sendable {
  /// The ISO 3166-1 alpha-3 code (`USA`).
  public let countryCode: String
  /// Apple's storefront identifier (`143441` for the United States).
  public let id: String
  /// The storefront's currency; nil when the store does not say.
  public let currency: Locale.Currency?

  /// Whether `other` is the same storefront with the same currency.
  func isSame(as other: Storefront?) -> Bool {
    other.map { $0.countryCode == countryCode && $0.id == id && $0.currency == currency } ?? false
  }

  init(countryCode: String, id: String, currency: String?) {
    self.countryCode = countryCode
    self.id = id
    self.currency = currency.map { Locale.Currency($0) }
  }

  /// The storefront of the control plane's `/storefront` answer.
  init?(_ answer: JSONValue) {
    guard let code = answer.string("countryCode") else { return nil }
    self.init(countryCode: code, id: answer.string("id") ?? "", currency: answer.string("currency"))
  }

  /// The storefront purchases are made in now; nil when the store cannot be reached
  /// (reported on standard error, `StoreDiagnostics`), as StoreKit answers nil when it
  /// cannot tell.
  public static var current: Storefront? {
    get async {
      let store: StoreConnection
      do { store = try StoreContext.connection() } catch { return nil }
      do {
        return Storefront(try await store.call("GET", "/storefront"))
      } catch {
        StoreDiagnostics.report("Storefront.current", error, store: store)
        return nil
      }
    }
  }

  /// Each new storefront as the store's storefront changes (the store is asked once a
  /// second), until the task iterating it is cancelled.
  public static var updates: Storefront.Storefronts {
    Storefronts(store: Result { () throws(StoreConnectionError) in try StoreContext.connection() })
  }
}
