import IAPCore
import IAPFormats

/// Maps a `.storekit` file's `settings` (Xcode's StoreKit test options, `_`-prefixed) to
/// `iap` settings, warning about each one it cannot map.
package enum StoreKitSettingsReader {
  /// Plain switches: `.storekit` key → `iap` setting.
  static let switches: [(String, String)] = [
    ("_askToBuyEnabled", "ask-to-buy"), ("_billingIssuesEnabled", "interrupted-purchases"),
    ("_renewalBillingIssuesEnabled", "billing-retry"), ("_billingGracePeriodEnabled", "grace-period"),
  ]
  /// Keys that are read but have no `iap` counterpart, and why.
  static let unmapped: [String: String] = [
    "_disableDialogs": "iap shows no dialogs",
    "_applicationInternalID": "App Store Connect sync metadata",
    "_developerTeamID": "App Store Connect sync metadata",
    "_lastSynchronizedDate": "App Store Connect sync metadata",
    "_compatibilityTimeRate": "Xcode's time rate for older OS versions; _timeRate is used",
  ]
  static let mapped: Set<String> = Set(switches.map(\.0)).union([
    "_storefront", "_locale", "_timeRate", "_failTransactionsEnabled", "_storeKitError", "_storeKitErrors",
  ])

  /// Reads `settings` into `catalog.settings`; `_storefront` and `_locale` also become the
  /// catalog's storefront and locale.
  /// - Parameter fields: the `settings` object, nested in the root so messages say `settings.…`.
  static func read(_ fields: StoreKitFields, into catalog: inout Catalog, _ problems: inout CatalogProblems) {
    for (key, _) in fields.members where !mapped.contains(key) && !CatalogSettings.names.contains(key) {
      if let reason = unmapped[key] {
        fields.warning("not mapped: \(reason) (ignored)", key: key, &problems)
      } else {
        fields.warning("unknown setting (ignored)", key: key, &problems)
      }
    }
    var settings = CatalogSettings()
    if let value = fields["_storefront"] {
      if case let .string(s) = value, CatalogSettings.isAlpha3(s) {
        settings.set("storefront", s)
        catalog.storefront = s
      } else {
        fields.expected(CatalogSettings.expectation(for: "storefront"), got: value, key: "_storefront", &problems)
      }
    }
    if let value = fields["_locale"] {
      if case let .string(s) = value, let locale = CatalogLoader.normalizedLocale(s) {
        settings.set("locale", locale)
        catalog.locale = locale
      } else {
        fields.expected(CatalogSettings.expectation(for: "locale"), got: value, key: "_locale", &problems)
      }
    }
    if let value = fields["_timeRate"] {
      if case let .int(raw) = value, let rate = TimeRate(rawValue: Int(clamping: raw)) {
        settings.set("time-rate", rate.name)
      } else if case .int = value {
        fields.warning("unknown SKTestSession.TimeRate \(value.summary) (ignored)", key: "_timeRate", &problems)
      } else {
        fields.expected("an SKTestSession.TimeRate raw value (an integer)", got: value, key: "_timeRate", &problems)
      }
    }
    for (key, name) in switches {
      if let on = fields.bool(key, &problems) { settings.set(name, on ? "on" : "off") }
    }
    StoreKitErrorSettings.read(fields, into: &settings, &problems)
    readNamed(fields, into: &settings, &problems)
    if let storefront = settings["storefront"] { catalog.storefront = storefront }
    if let locale = settings["locale"] { catalog.locale = locale }
    catalog.settings = settings
  }

  /// Reads the settings given by their `iap` names (`"notification-url"`, `"ask-to-buy"`, …),
  /// with the grammar `iap settings set` and a `catalog.plist` use: one way to say every
  /// setting, wherever it is said. They win over Xcode's own keys for the same setting.
  static func readNamed(_ fields: StoreKitFields, into settings: inout CatalogSettings, _ problems: inout CatalogProblems) {
    for name in CatalogSettings.names {
      guard let value = fields[name] else { continue }
      let text: String
      switch value {
      case let .string(s): text = s
      case let .bool(b): text = b ? "on" : "off"
      case let .int(n): text = String(n)
      default:
        fields.expected(CatalogSettings.expectation(for: name), got: value, key: name, &problems)
        continue
      }
      guard let normalized = CatalogSettings.normalize(name, text) else {
        fields.expected(CatalogSettings.expectation(for: name), got: value, key: name, &problems)
        continue
      }
      settings.set(name, normalized)
    }
  }
}
