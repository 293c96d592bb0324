import IAPFormats

/// What kind of value a setting takes.
package enum SettingKind: Sendable {
  /// `on` or `off` (also accepts true/false, yes/no, 1/0).
  case toggle
  /// An `SKError` name or number, `on` (`unknown`, as Xcode's StoreKit settings enable one), or `off`.
  case storeKitError
  /// An ISO 3166-1 alpha-3 storefront code.
  case storefront
  /// A locale identifier.
  case locale
  /// An `SKTestSession.TimeRate` case name or raw value.
  case timeRate
  /// A positive whole number, or `off`.
  case limit
  /// One of a fixed set of words.
  case choice([String])
  /// Free text (a secret), or `off` for none.
  case text
  /// An http URL, or `off` for none.
  case url
  /// A simulated bandwidth like `2MB/s` (`ByteRate`).
  case byteRate
  /// An App Store Connect Apple ID (a positive number), or `off` for none.
  case appleId
  /// Product identifiers separated by commas, or `off` for none.
  case productIds
  /// An ISO 8601 date and time, or `off` for none.
  case date

  /// The values this kind accepts, in words: what `settings set` help lists for each key,
  /// and what an invalid value's error says was expected (one text for both).
  package var grammar: String {
    switch self {
    case .toggle: return "on or off"
    case .storeKitError: return "an SKError name or number (e.g. paymentCancelled, 2), on (unknown) or off"
    case .storefront: return "an ISO 3166-1 alpha-3 code like \"USA\""
    case .locale: return "a locale identifier like \"fr_FR\""
    case .timeRate: return "an SKTestSession.TimeRate name like monthlyRenewalEveryFiveMinutes, or its number"
    case .limit: return "a whole number from 1 to 100000, or off"
    case let .choice(words): return words.joined(separator: " or ")
    case .text: return "1 to 1024 characters on one line, or off"
    case .url: return "an http:// URL (https is not supported), or off"
    case .byteRate: return "a rate like 2MB/s, 500KB/s or 10MB/s (at most 100GB/s)"
    case .appleId: return "the app's Apple ID, a whole number like 1234567890, or off"
    case .productIds: return "product identifiers separated by commas, or off"
    case .date: return "an ISO 8601 date and time like 2026-01-15T10:00:00Z, or off"
    }
  }
}

/// One setting of the simulated store, as `SKTestSession` has them.
package struct SettingSpec: Sendable {
  package var name: String
  package var kind: SettingKind
  package var help: String
}

/// Where a setting's current value comes from.
package enum SettingSource: String, Sendable {
  case builtIn = "default"
  case catalog
  case set
  /// An environment variable (`IAP_SIGNING_SECRET`), which outranks the others.
  case environment
}

/// Why a setting could not be changed.
package enum SettingError: Error, Equatable, Sendable {
  case unknownKey(String)
  case invalidValue(key: String, value: String, expected: String)
}

/// The store's settings: built-in defaults, overridden by the catalog's `settings`, overridden
/// by `iap settings set`. Values are kept normalized (`on`/`off`, an `SKError` name, …).
package struct StoreSettings: Equatable, Sendable {
  /// Every setting, in display order.
  package static let specs: [SettingSpec] = [
    SettingSpec(name: "ask-to-buy", kind: .toggle, help: "Every purchase is deferred until approved or declined."),
    SettingSpec(name: "can-make-payments", kind: .toggle, help: "Off: purchases are restricted on the device."),
    SettingSpec(name: "interrupted-purchases", kind: .toggle, help: "Purchases fail with a purchase issue until resolved."),
    SettingSpec(name: "fail-load-products", kind: .storeKitError, help: "Products requests fail with this SKError."),
    SettingSpec(name: "fail-purchase", kind: .storeKitError, help: "Purchases fail with this SKError."),
    SettingSpec(name: "fail-restore", kind: .storeKitError, help: "Restores fail with this SKError."),
    SettingSpec(name: "fail-app-store-sync", kind: .storeKitError, help: "AppStore.sync() (iap restore --sync) fails with this error."),
    SettingSpec(name: "fail-subscription-status", kind: .storeKitError, help: "Subscription status requests fail with this error."),
    SettingSpec(name: "fail-app-transaction", kind: .storeKitError, help: "AppTransaction.shared fails with this error."),
    SettingSpec(name: "fail-refund-request", kind: .storeKitError, help: "Refund requests (beginRefundRequest) fail with this error."),
    SettingSpec(name: "fail-offer-code-redeem", kind: .storeKitError, help: "Offer code redemptions (iap buy --offer-code) fail with this error."),
    SettingSpec(name: "fail-manage-subscriptions", kind: .storeKitError, help: "The manage-subscriptions sheet (iap subscription manage) fails with this error."),
    SettingSpec(name: "fail-verification", kind: .choice(["off"] + StoreSettings.verificationErrors), help: "What StoreKit verifies is unverified with this VerificationError."),
    SettingSpec(name: "storefront", kind: .storefront, help: "The App Store storefront."),
    SettingSpec(name: "locale", kind: .locale, help: "The locale products are shown in."),
    SettingSpec(name: "time-rate", kind: .timeRate, help: "How fast subscriptions renew while the clock is real."),
    SettingSpec(name: "renewal-limit", kind: .limit, help: "Cancel subscriptions after this many renewals (the sandbox's cap is 12)."),
    SettingSpec(name: "billing-retry", kind: .toggle, help: "Renewals fail and enter billing retry."),
    SettingSpec(name: "grace-period", kind: .toggle, help: "A failing renewal keeps access for a billing grace period first."),
    SettingSpec(
      name: "environment", kind: .choice(AppStoreEnvironment.allCases.map { $0.rawValue }),
      help: "The environment signed data names; Sandbox and Production sign with ES256 and the state's certificate chain."),
    SettingSpec(
      name: "app-apple-id", kind: .appleId, help: "The app's Apple ID, carried in notifications and the app transaction; required in Production."),
    SettingSpec(name: "signing-secret", kind: .text, help: "The secret receipts and signed data are signed with (default: one made per state)."),
    SettingSpec(name: "notification-url", kind: .url, help: "Where App Store Server Notifications are POSTed."),
    SettingSpec(name: "download-rate", kind: .byteRate, help: "How fast hosted content downloads."),
    SettingSpec(name: "fail-download", kind: .toggle, help: "Hosted-content downloads fail halfway with a network error."),
    SettingSpec(name: "removed-from-sale", kind: .productIds, help: "Products removed from sale (iap products remove-from-sale)."),
    SettingSpec(
      name: "original-platform", kind: .choice(["iOS", "macOS", "tvOS", "visionOS"]),
      help: "The platform the customer first got the app on (the app transaction's originalPlatform)."),
    SettingSpec(name: "preorder-date", kind: .date, help: "When the customer pre-ordered the app (the app transaction's preorderDate)."),
    SettingSpec(
      name: "external-purchase", kind: .toggle,
      help: "The app is configured for external purchase (StoreKit's External Purchase API): it gets external purchase tokens."),
  ]

  /// Each setting's value and where it came from, in the order of `specs`.
  ///
  /// An array searched by name rather than two dictionaries: every command resolves the
  /// settings, and filling dictionaries of twenty entries (hashing each key, growing the
  /// tables) is more than a command needs: it reads a few of them (docs/performance.md, "Shapes kept for start-up").
  private var entries: [Entry]

  private struct Entry: Equatable, Sendable {
    var value: String
    var source: SettingSource
  }

  /// Setting name → value (for `iap settings`).
  package var values: [String: String] {
    var result: [String: String] = [:]
    for (spec, entry) in zip(Self.specs, entries) { result[spec.name] = entry.value }
    return result
  }

  /// Setting name → where its value came from (for `iap settings`).
  package var sources: [String: SettingSource] {
    var result: [String: SettingSource] = [:]
    for (spec, entry) in zip(Self.specs, entries) { result[spec.name] = entry.source }
    return result
  }

  /// - Parameters:
  ///   - catalog: the catalog, whose storefront, locale and `settings` are the defaults.
  ///   - catalogSettings: the catalog's `settings` entries (already validated).
  ///   - overrides: what `iap settings set` stored.
  package init(storefront: String, locale: String, catalogSettings: [(String, String)] = [], overrides: [String: String] = [:]) {
    entries = Self.specs.map { Entry(value: Self.builtInDefault($0), source: .builtIn) }
    if let i = Self.index("storefront") { entries[i].value = storefront }
    if let i = Self.index("locale") { entries[i].value = locale }
    for (key, value) in catalogSettings { override(key, with: value, from: .catalog) }
    for (key, value) in overrides { override(key, with: value, from: .set) }
  }

  /// Where the setting `key` is in `specs`.
  private static func index(_ key: String) -> Int? {
    for i in specs.indices where specs[i].name == key { return i }
    return nil
  }

  /// The value of the setting `key`, nil for a name that is none.
  private func value(_ key: String) -> String? { Self.index(key).map { entries[$0].value } }

  /// Replaces one setting's value (already normalized) and records where it came from.
  package mutating func override(_ key: String, with value: String, from source: SettingSource) {
    guard let i = Self.index(key) else { return }
    entries[i] = Entry(value: value, source: source)
  }

  package static func builtInDefault(_ spec: SettingSpec) -> String {
    switch spec.kind {
    case .toggle: return spec.name == "can-make-payments" ? "on" : "off"
    case .storeKitError: return "off"
    case .storefront: return "USA"
    case .locale: return "en_US"
    case .timeRate: return TimeRate.realTime.name
    case .limit, .text, .url, .appleId, .productIds, .date: return "off"
    case let .choice(words): return words[0]
    case .byteRate: return ByteRate.standard.description
    }
  }

  /// The spec named `key`.
  package static func spec(_ key: String) throws(SettingError) -> SettingSpec {
    guard let spec = specs.first(where: { $0.name == key }) else { throw .unknownKey(key) }
    return spec
  }

  private func toggle(_ key: String) -> Bool { value(key) == "on" }
  private func error(_ key: String) -> SKErrorCode? {
    // "off" (the default) names no error: answered before a search of every error's name,
    // each lowercased, which a purchase paid for on every command (docs/performance.md, "Shapes kept for start-up").
    guard let text = value(key), text != "off" else { return nil }
    return SKErrorCode(nameOrNumber: text)
  }

  package var askToBuy: Bool { toggle("ask-to-buy") }
  package var canMakePayments: Bool { toggle("can-make-payments") }
  package var interruptedPurchases: Bool { toggle("interrupted-purchases") }
  package var failLoadProducts: SKErrorCode? { error("fail-load-products") }
  package var failPurchase: SKErrorCode? { error("fail-purchase") }
  package var failRestore: SKErrorCode? { error("fail-restore") }
  package var failAppStoreSync: SKErrorCode? { error("fail-app-store-sync") }
  package var failSubscriptionStatus: SKErrorCode? { error("fail-subscription-status") }
  package var failAppTransaction: SKErrorCode? { error("fail-app-transaction") }
  package var failRefundRequest: SKErrorCode? { error("fail-refund-request") }
  package var failOfferCodeRedeem: SKErrorCode? { error("fail-offer-code-redeem") }
  package var failManageSubscriptions: SKErrorCode? { error("fail-manage-subscriptions") }
  package var failVerification: String? { value("fail-verification").flatMap { $0 == "off" ? nil : $0 } }
  package var storefront: String { value("storefront") ?? "USA" }
  package var timeRate: TimeRate { value("time-rate").flatMap { TimeRate(nameOrNumber: $0) } ?? .realTime }
  package var renewalLimit: Int? { value("renewal-limit").flatMap { Int($0) } }
  package var environment: AppStoreEnvironment { value("environment").flatMap(AppStoreEnvironment.init(rawValue:)) ?? .localTesting }
  /// Whether signed data is signed as the App Store signs it (ES256 and a certificate chain):
  /// in the Sandbox and Production environments, which Apple's verifiers check.
  package var signsWithCertificates: Bool { environment.signsWithCertificates }
  package var appAppleId: Int64? { value("app-apple-id").flatMap { Int64($0) } }

  /// Why these settings cannot sign what the store hands out, if they cannot: Apple's
  /// verifier takes no Production data without the app's Apple ID, so neither does the store.
  package var incompleteness: String? {
    environment == .production && appAppleId == nil
      ? "the Production environment needs app-apple-id, the app's Apple ID, as Apple's verifier does" : nil
  }
  package var signingSecret: String? { value("signing-secret").flatMap { $0 == "off" ? nil : $0 } }
  package var notificationURL: String? { value("notification-url").flatMap { $0 == "off" ? nil : $0 } }
  package var downloadRate: ByteRate { value("download-rate").flatMap { ByteRate($0) } ?? .standard }
  package var failDownload: Bool { toggle("fail-download") }
  package var removedFromSale: Set<String> { ProductIdList.ids(value("removed-from-sale") ?? "off") }

  /// The subscription rules these settings make under `clock`: time rates compress only real time.
  package func subscriptionRules(clock: StoreClock) -> SubscriptionRules {
    SubscriptionRules(
      timeRate: clock.isReal ? timeRate : .realTime, billingRetry: toggle("billing-retry"),
      gracePeriod: toggle("grace-period"), renewalLimit: renewalLimit, removedFromSale: removedFromSale)
  }
  package var locale: String { value("locale") ?? "en_US" }
  /// The app transaction's `originalPlatform`: iOS unless set.
  package var originalPlatform: String { value("original-platform") ?? "iOS" }
  /// The app transaction's `preorderDate`: nil unless the customer pre-ordered the app.
  package var preorderDate: Timestamp? { value("preorder-date").flatMap(Timestamp.init(iso8601:)) }
  /// Whether the app is configured for external purchase, and so may get external purchase tokens.
  package var externalPurchase: Bool { toggle("external-purchase") }
}
