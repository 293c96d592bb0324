#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPCore
import IAPFormats
import IAPSystem

/// Reads a catalog into a `Catalog`, reporting every problem: `catalog.plist` (XML or
/// binary), or an Xcode `.storekit` file, told apart by content.
package enum CatalogLoader {
  /// A catalog and the warnings (unknown keys and the like) found while reading it.
  package struct Loaded: Sendable {
    package var catalog: Catalog
    package var warnings: [String]
  }

  static let catalogKeys: Set<String> = ["bundleId", "storefront", "locale", "currency", "sharedSecret", "products", "settings", "appAppleId"]
  static let productKeys: Set<String> = [
    "id", "type", "title", "description", "price", "referenceName", "clearedForSale", "familyShareable",
    "localizations", "subscriptionGroup", "subscriptionPeriod", "groupLevel", "introductoryOffer", "promotionalOffers", "content",
    "winBackOffers", "offerCodes", "billingPlans",
  ]
  static let subscriptionKeys = [
    "subscriptionGroup", "subscriptionPeriod", "groupLevel", "introductoryOffer", "promotionalOffers", "winBackOffers", "billingPlans",
  ]

  /// Reads the catalog at `path`; `displayPath` is how messages name it.
  package static func load(path: String, displayPath: String) throws(CatalogError) -> Loaded {
    let bytes = try contents(path: path, displayPath: displayPath, missing: .catalogMissing(path: displayPath))
    return try parse(bytes: bytes, displayPath: displayPath)
  }

  /// The bytes of a catalog file; `missing` is the error when it does not exist.
  package static func contents(path: String, displayPath: String, missing: CatalogError) throws(CatalogError) -> [UInt8] {
    let read: [UInt8]?
    do { read = try InputFile.read(path) } catch {
      if case .unusable = error { throw .inputUnusable(path: displayPath, reason: error.reason) }
      throw .catalogInvalid(path: displayPath, problems: ["\(displayPath): \(error.reason)"])
    }
    guard let read else { throw missing }
    return read
  }

  /// Parses and validates catalog bytes in either format.
  package static func parse(_ data: Data, displayPath: String) throws(CatalogError) -> Loaded {
    try parse(bytes: [UInt8](data), displayPath: displayPath)
  }

  /// Parses and validates catalog bytes in either format.
  package static func parse(bytes: [UInt8], displayPath: String) throws(CatalogError) -> Loaded {
    let (catalog, problems) = read(bytes, displayPath: displayPath)
    if !problems.errors.isEmpty { throw .catalogInvalid(path: displayPath, problems: problems.errors + problems.warnings) }
    return Loaded(catalog: catalog!, warnings: problems.warnings)
  }

  /// The catalog (nil when it cannot be read at all) and every problem, errors and warnings
  /// apart: what `parse` throws and what `catalog lint` reports.
  package static func read(_ bytes: [UInt8], displayPath: String) -> (Catalog?, CatalogProblems) {
    var problems = CatalogProblems(file: displayPath)
    if CatalogFormat.detect(bytes) == .storeKitConfiguration {
      return (StoreKitConfigurationLoader.read(bytes, &problems), problems)
    }
    let root: PlistValue
    do { root = try PlistParser.parse(bytes) } catch {
      let storeKitName = displayPath.hasSuffix(".storekit") || displayPath.hasSuffix(".json")
      problems.error(
        storeKitName ? "neither a StoreKit configuration (a JSON object) nor a property list" : "not a property list (XML or binary): \(error)")
      return (nil, problems)
    }
    return (validate(root, &problems), problems)
  }

  static func validate(_ root: PlistValue, _ problems: inout CatalogProblems) -> Catalog? {
    guard case let .dictionary(dict) = root else {
      problems.error("expected a dictionary at the root, got \(root.summary)")
      return nil
    }
    var catalog = Catalog()
    for key in dict.keys.sorted() where !catalogKeys.contains(key) {
      problems.warning("unknown key (ignored)", key: key)
    }
    if let value = dict["bundleId"] {
      if case let .string(s) = value, !s.isEmpty { catalog.bundleId = s } else {
        problems.expected("a non-empty string", got: value, key: "bundleId")
      }
    }
    if let value = dict["storefront"] {
      if case let .string(s) = value, s.count == 3, s.allSatisfy({ $0.isASCII && $0.isUppercase }) {
        catalog.storefront = s
      } else {
        problems.expected("an ISO 3166-1 alpha-3 code like \"USA\"", got: value, key: "storefront")
      }
    }
    if let value = dict["locale"] {
      if case let .string(s) = value, let locale = normalizedLocale(s) { catalog.locale = locale } else {
        problems.expected("a locale identifier like \"en_US\"", got: value, key: "locale")
      }
    }
    if let value = dict["sharedSecret"] {
      if case let .string(s) = value, !s.isEmpty { catalog.sharedSecret = s } else {
        problems.expected("a non-empty string (the app's shared secret for verifyReceipt)", got: value, key: "sharedSecret")
      }
    }
    if let value = dict["currency"] {
      if case let .string(s) = value, s.count == 3, s.allSatisfy({ $0.isASCII && $0.isUppercase }) {
        catalog.currency = s
      } else {
        problems.expected("an ISO 4217 code like \"EUR\"", got: value, key: "currency")
      }
    }
    if let value = dict["settings"] {
      catalog.settings = CatalogSettings.validate(plist: value, &problems)
      adoptSettings(&catalog, dict, &problems)
    }
    if let value = dict["appAppleId"] { adoptAppAppleId(value, &catalog, &problems) }
    guard let productsValue = dict["products"] else {
      problems.missing("an array of product dictionaries", key: "products")
      return catalog
    }
    guard case let .array(items) = productsValue else {
      problems.expected("an array of product dictionaries", got: productsValue, key: "products")
      return catalog
    }
    var firstIndex: [String: Int] = [:]
    for (index, item) in items.enumerated() {
      guard let product = ProductValidator.validate(item, index: index, &problems) else { continue }
      if let previous = firstIndex[product.id] {
        problems.error("duplicate of products[\(previous)]", product: index, id: product.id, key: "id")
        continue
      }
      firstIndex[product.id] = index
      catalog.products.append(product)
    }
    return catalog
  }

  /// The `storefront` and `locale` settings are the catalog's own when it does not give its
  /// own, as a `.storekit` file's `_storefront` and `_locale` are.
  static func adoptSettings(_ catalog: inout Catalog, _ dict: [String: PlistValue], _ problems: inout CatalogProblems) {
    for name in ["storefront", "locale"] {
      guard let value = catalog.settings[name] else { continue }
      let own = name == "locale" ? catalog.locale : catalog.storefront
      if dict[name] == nil {
        if name == "locale" { catalog.locale = value } else { catalog.storefront = value }
      } else if own != value {
        problems.warning("differs from \(name) \(PlistValue.string(own).summary), which the catalog uses", key: "settings.\(name)")
      }
    }
  }

  /// `appAppleId`, App Store Connect's Apple ID of the app, is where the `app-apple-id`
  /// setting starts from, unless `settings` names one itself.
  static func adoptAppAppleId(_ value: PlistValue, _ catalog: inout Catalog, _ problems: inout CatalogProblems) {
    var text: String?
    if case let .integer(n) = value { text = String(n) } else if case let .string(s) = value { text = s }
    guard let text, text != "off", let id = CatalogSettings.normalize("app-apple-id", text) else {
      problems.expected("the app's Apple ID, a whole number like 1234567890", got: value, key: "appAppleId")
      return
    }
    if let own = catalog.settings["app-apple-id"] {
      if own != id { problems.warning("differs from settings.app-apple-id \(own), which the catalog uses", key: "appAppleId") }
    } else {
      catalog.settings.set("app-apple-id", id)
    }
  }

  /// `en-US` and `en_US` both name the same locale; the store writes underscores.
  ///
  /// Works on the UTF-8 bytes (ASCII letters, digits, `_ - @ =`): it runs for every
  /// localization of every product, where `Character` properties showed in profiles of
  /// `products list` on a 10,000-product catalog. Not `replacingOccurrences`: that goes
  /// through NSString, which the purchase path should not load.
  package static func normalizedLocale(_ text: String) -> String? {
    let utf8 = text.utf8
    let ok = !utf8.isEmpty && utf8.count <= 64 && utf8.allSatisfy { c in
      (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
        || c == UInt8(ascii: "_") || c == UInt8(ascii: "-") || c == UInt8(ascii: "@") || c == UInt8(ascii: "=")
    }
    guard ok else { return nil }
    guard utf8.contains(UInt8(ascii: "-")) else { return text }
    return String(decoding: utf8.map { $0 == UInt8(ascii: "-") ? UInt8(ascii: "_") : $0 }, as: UTF8.self)
  }
}
