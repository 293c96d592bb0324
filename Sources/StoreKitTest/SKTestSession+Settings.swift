import Foundation
import IAPFormats
import StoreKit

/// The test environment's settings: each is one of the store's settings (`iap settings`,
/// `PATCH /settings`), read from the store and written to it at once. A value set here
/// overrides the configuration file's; `resetToDefaultState()` goes back to the file's.
///
/// If the store cannot answer, or refuses a value, `SessionFailure` says what happens.
extension SKTestSession {
  /// Whether every purchase waits for a parent's approval (`ask-to-buy`): it is deferred until
  /// `approveAskToBuyTransaction(identifier:)` or `declineAskToBuyTransaction(identifier:)`.
  public var askToBuyEnabled: Bool {
    get { flag("ask-to-buy") }
    set { change("ask-to-buy", to: .bool(newValue)) }
  }

  /// Whether the environment shows its dialogs. iap shows none, so the value changes nothing;
  /// the session keeps it (starting from the configuration file's `_disableDialogs`) so that
  /// tests that set it read it back.
  public var disableDialogs: Bool {
    get { local.disableDialogs }
    set { local.disableDialogs = newValue }
  }

  /// Whether purchases fail (`fail-purchase`): StoreKit 1's payments are `failed` with
  /// `failureError`, StoreKit 2's purchases throw its `Product.PurchaseError` or
  /// `StoreKitError`. Also on while `setSimulatedError(_:forAPI:)` fails `.purchase`, which
  /// turning it on or off replaces. Apple deprecated it in iOS 17 for that method.
  public var failTransactionsEnabled: Bool {
    get { (setting("fail-purchase") ?? "off") != "off" }
    set {
      connection.simulatedErrors.forget(.purchase)
      change("fail-purchase", to: .string(newValue ? "\(local.failureError)" : "off"))
    }
  }

  /// The `SKError` code purchases fail with while `failTransactionsEnabled` is on (`unknown`
  /// until set; the code of the store's `fail-purchase` while it is on). Set while on, it
  /// changes the store's failure at once; set while off, it waits for
  /// `failTransactionsEnabled`. Apple deprecated it in iOS 17 for
  /// `setSimulatedError(_:forAPI:)`.
  public var failureError: SKError.Code {
    get {
      if let failing = setting("fail-purchase"), failing != "off", let code = SKError.Code(name: failing) { return code }
      return local.failureError
    }
    set {
      local.failureError = newValue
      if failTransactionsEnabled { failTransactionsEnabled = true }
    }
  }

  /// Whether purchases are interrupted (`interrupted-purchases`): each fails with a purchase
  /// issue until `resolveIssueForTransaction(identifier:)` completes it.
  public var interruptedPurchasesEnabled: Bool {
    get { flag("interrupted-purchases") }
    set { change("interrupted-purchases", to: .bool(newValue)) }
  }

  /// Whether subscription renewals fail for a billing issue and enter billing retry
  /// (`billing-retry`; Apple's Objective-C name is `billingRetryOnRenewalEnabled`).
  public var shouldEnterBillingRetryOnRenewal: Bool {
    get { flag("billing-retry") }
    set { change("billing-retry", to: .bool(newValue)) }
  }

  /// Whether a subscription in billing retry keeps access for a grace period first
  /// (`grace-period`); no effect while `shouldEnterBillingRetryOnRenewal` is off.
  public var billingGracePeriodIsEnabled: Bool {
    get { flag("grace-period") }
    set { change("grace-period", to: .bool(newValue)) }
  }

  /// The storefront, an ISO 3166-1 alpha-3 code such as `USA` (`storefront`).
  public var storefront: String {
    get { setting("storefront") ?? "USA" }
    set { change("storefront", to: .string(newValue)) }
  }

  /// The locale products are shown in (`locale`), `en_US` unless the file says otherwise.
  public var locale: Locale {
    get { Locale(identifier: setting("locale") ?? "en_US") }
    set { change("locale", to: .string(newValue.identifier)) }
  }

  /// How fast subscription time passes (`time-rate`).
  public var timeRate: TimeRate {
    get { setting("time-rate").flatMap(TimeRate.init(settingValue:)) ?? .realTime }
    set { change("time-rate", to: .int(Int64(newValue.rawValue))) }
  }

  /// Puts every setting back to the configuration file's value (or the store's default where
  /// the file says nothing): the store's settings set since (`PATCH /settings` with null for
  /// each), simulated errors included, and what the session keeps itself. Transactions stay:
  /// `clearTransactions()` removes them.
  public func resetToDefaultState() {
    local.disableDialogs = local.defaultDisableDialogs
    local.failureError = .unknown
    connection.simulatedErrors.forgetAll()
    // The verifier keeps the store's simulated verification failure with its keys.
    defer { connection.verifier.forget() }
    do {
      let settings = try connection.callBlocking("GET", "/settings")["settings"]?.objectValue ?? []
      let overridden = settings.filter { $0.1["source"]?.stringValue == "set" }.map { ($0.0, JSONValue.null) }
      if !overridden.isEmpty { _ = try connection.callBlocking("PATCH", "/settings", body: .object(overridden)) }
    } catch {
      SessionFailure.report("cannot reset the settings: \(error.message)")
    }
  }

  /// The store's value of the setting `name`, nil (reported) if the store does not answer.
  func setting(_ name: String) -> String? {
    do {
      return try connection.callBlocking("GET", "/settings")["settings"]?[name]?["value"]?.stringValue
    } catch {
      SessionFailure.report("cannot read the setting \(name): \(error.message)")
      return nil
    }
  }

  /// Whether the toggle `name` is on; off (reported) if the store does not answer.
  private func flag(_ name: String) -> Bool { setting(name) == "on" }

  /// Sets the setting `name` to `value`; a refusal changes nothing and is reported.
  func change(_ name: String, to value: JSONValue) {
    do {
      _ = try connection.callBlocking("PATCH", "/settings", body: .object([(name, value)]))
    } catch {
      SessionFailure.report("cannot set \(name) to \(JSONWriter.compact(value)): \(error.message)")
    }
  }
}
