#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPCore
import IAPFormats

/// Maps a `.storekit` file's simulated failures to the `fail-…` settings (`fail-purchase`,
/// `fail-load-products`, and one per other StoreKit API iap simulates).
///
/// Two generations exist. Xcode 12–14 wrote `_failTransactionsEnabled` with `_storeKitError`
/// (an `SKError.Code`), which `SKTestSession.failTransactionsEnabled` and `failureError`
/// mirror (deprecated in iOS 17). Xcode 15 and later write `_storeKitErrors`, one
/// `{name, enabled, current}` entry per failable StoreKit API (`SKTestFailures`), and keep
/// `_failTransactionsEnabled: false` beside it. An enabled new-style entry wins.
package enum StoreKitErrorSettings {
  static let entryKeys: Set<String> = ["name", "enabled", "current"]

  /// The `_storeKitErrors` entries (by the names Xcode writes, `FailableStoreKitAPI`) that
  /// map to one setting each, as "Load Products" does ("Verification" maps to
  /// `fail-verification`, whose values are `VerificationError`s; "Offer Code Redeem Sheet"
  /// to `fail-offer-code-redeem`, which fails `iap buy --offer-code`; "Manage Subscriptions
  /// Sheet" to `fail-manage-subscriptions`, which fails `iap subscription manage`). "Message
  /// Extensions" has no counterpart in iap: it is reported, not guessed.
  static let apiSettings: [(name: String, setting: String)] = [
    ("Load Products", "fail-load-products"), ("App Store Sync", "fail-app-store-sync"),
    ("Subscription Status", "fail-subscription-status"), ("App Transaction", "fail-app-transaction"),
    ("Refund Request Sheet", "fail-refund-request"), ("Offer Code Redeem Sheet", "fail-offer-code-redeem"),
    ("Manage Subscriptions Sheet", "fail-manage-subscriptions"),
  ]

  /// StoreKit 2 failures (`Product.PurchaseError`, `StoreKitError`) with an `SKError`
  /// counterpart, by case name. Others have none, and are reported rather than guessed.
  static let equivalents: [String: SKErrorCode] = [
    "invalidOfferIdentifier": .invalidOfferIdentifier, "invalidOfferPrice": .invalidOfferPrice,
    "invalidOfferSignature": .invalidSignature, "missingOfferParameters": .missingOfferParams,
    "ineligibleForOffer": .ineligibleForOffer, "productUnavailable": .storeProductNotAvailable,
    "purchaseNotAllowed": .paymentNotAllowed, "invalidQuantity": .paymentInvalid, "userCancelled": .paymentCancelled,
    "notAvailableInStorefront": .storeProductNotAvailable, "networkError": .cloudServiceNetworkConnectionFailed,
  ]

  /// Reads the failure keys of `settings` into `settings`.
  static func read(_ fields: StoreKitFields, into settings: inout CatalogSettings, _ problems: inout CatalogProblems) {
    let legacy = readLegacy(fields, &problems)
    var purchase: String?
    var purchaseEntry = false
    // An enabled failure whose error cannot be mapped leaves fail-purchase unset, not off.
    var unmapped = false
    for (index, value) in (fields.array("_storeKitErrors", &problems) ?? []).enumerated() {
      let key = "_storeKitErrors[\(index)]"
      guard let entry = fields.nested(value, key: key, expecting: "an object with name, enabled and current", &problems)
      else { continue }
      entry.warnUnknown(entryKeys, &problems)
      let name = entry.string("name", required: true, &problems)
      let enabled = entry.bool("enabled", &problems)
      if !entry.has("enabled") { entry.missing("a boolean", key: "enabled", &problems) }
      guard let name, let enabled else { continue }
      let current = entry["current"]
      if name == "Verification" {
        readVerification(entry, enabled: enabled, current: current, into: &settings, &problems)
        continue
      }
      if let setting = apiSettings.first(where: { $0.name == name })?.setting {
        guard enabled else {
          settings.set(setting, "off")
          continue
        }
        // SKTestSession's default simulated error is `unknown`.
        let code = current.flatMap { Self.skError(in: $0) } ?? .unknown
        settings.set(setting, code.name)
        if let current, Self.skError(in: current) == nil {
          entry.warning("the chosen error \(describe(current)) has no SKError counterpart; \(setting) is unknown", key: "current", &problems)
        }
        continue
      }
      switch name {
      case "Purchase":
        purchaseEntry = true
        guard enabled else { continue }
        if let current {
          if let code = skError(in: current) { purchase = code.name } else {
            unmapped = true
            entry.warning("\(describe(current)) has no SKError counterpart; fail-purchase not set", key: "current", &problems)
          }
        } else {
          purchase = SKErrorCode.unknown.name
          entry.warning("no error chosen; fail-purchase is unknown", key: "current", &problems)
        }
      default:
        if enabled { entry.warning("simulated \(name) errors are not mapped (ignored)", key: nil, &problems) }
      }
    }
    if unmapped && purchase == nil { return }
    if let failure = purchase ?? (legacy == "off" ? nil : legacy) {
      settings.set("fail-purchase", failure)
    } else if purchaseEntry || legacy == "off" {
      settings.set("fail-purchase", "off")
    }
  }

  /// `fail-verification` from a "Verification" entry: its chosen `VerificationError`, or
  /// `invalidSignature` (with a warning) when none is named.
  private static func readVerification(
    _ entry: StoreKitFields, enabled: Bool, current: JSONValue?, into settings: inout CatalogSettings, _ problems: inout CatalogProblems
  ) {
    guard enabled else {
      settings.set("fail-verification", "off")
      return
    }
    let chosen = current.flatMap { verificationError(in: $0) }
    settings.set("fail-verification", chosen ?? "invalidSignature")
    if chosen == nil {
      let what = current.map { "\(describe($0)) names no VerificationError" } ?? "no error chosen"
      entry.warning("\(what); fail-verification is invalidSignature", key: "current", &problems)
    }
  }

  /// The `VerificationError` case a chosen error names, searched as `skError(in:)` searches.
  static func verificationError(in current: JSONValue, depth: Int = 0) -> String? {
    switch current {
    case let .string(s):
      let name = (s.split(separator: ".").last ?? "").filter { $0 != "(" && $0 != ")" }.lowercased()
      return StoreSettings.verificationErrors.first { $0.lowercased() == name }
    case let .array(items) where depth < 4:
      return items.lazy.compactMap { verificationError(in: $0, depth: depth + 1) }.first
    case let .object(members) where depth < 4:
      return members.lazy.compactMap { verificationError(in: $0.1, depth: depth + 1) }.first
    default:
      return nil
    }
  }

  /// `fail-purchase` from `_failTransactionsEnabled` and `_storeKitError`: an error name, `off`,
  /// or nil when the keys are absent or unmappable.
  private static func readLegacy(_ fields: StoreKitFields, _ problems: inout CatalogProblems) -> String? {
    let enabled = fields.bool("_failTransactionsEnabled", &problems)
    var code: SKErrorCode?
    if let value = fields["_storeKitError"] {
      guard case let .int(raw) = value else {
        fields.expected("an SKError code (an integer)", got: value, key: "_storeKitError", &problems)
        return nil
      }
      code = SKErrorCode(rawValue: Int(clamping: raw))
      if code == nil, enabled == true {
        fields.warning("unknown SKError code \(raw); fail-purchase not set", key: "_storeKitError", &problems)
        return nil
      }
    }
    switch enabled {
    case true?:
      // SKTestSession.failureError starts as SKErrorUnknown.
      return (code ?? .unknown).name
    case false?: return "off"
    case nil:
      if fields.has("_storeKitError") {
        fields.warning("has no effect without _failTransactionsEnabled (ignored)", key: "_storeKitError", &problems)
      }
      return nil
    }
  }

  /// The `SKError` a chosen error names. Apple documents no shape for `current`, so every
  /// string in it is tried: an `SKError` case name, or a StoreKit 2 case name with a
  /// counterpart, possibly qualified (`Product.PurchaseError.productUnavailable`).
  static func skError(in current: JSONValue, depth: Int = 0) -> SKErrorCode? {
    switch current {
    case let .string(s):
      // `productUnavailable()` names the case as `productUnavailable` does.
      let isParenthesis = { (c: Character) in c == "(" || c == ")" }
      var trimmed = (s.split(separator: ".").last ?? "").drop(while: isParenthesis)
      while let last = trimmed.last, isParenthesis(last) { trimmed = trimmed.dropLast() }
      let name = String(trimmed)
      if let code = SKErrorCode(name: name) { return code }
      return equivalents.first { $0.key.lowercased() == name.lowercased() }?.value
    case let .array(items) where depth < 4:
      return items.lazy.compactMap { skError(in: $0, depth: depth + 1) }.first
    case let .object(members) where depth < 4:
      return members.lazy.compactMap { skError(in: $0.1, depth: depth + 1) }.first
    default:
      return nil
    }
  }

  /// A short, one-line rendering of a chosen error for messages.
  static func describe(_ value: JSONValue) -> String {
    let text = JSONWriter.compact(value)
    return text.count > 80 ? String(text.prefix(77)) + "..." : text
  }
}
