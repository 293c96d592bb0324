#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPCore
import IAPFormats

/// Validates one entry of the catalog's `products` array.
package enum ProductValidator {
  /// The product, or nil when it has errors (all of which are added to `problems`).
  static func validate(_ value: PlistValue, index: Int, _ problems: inout CatalogProblems) -> Product? {
    guard case let .dictionary(dict) = value else {
      problems.error("expected a product dictionary, got \(value.summary)", product: index)
      return nil
    }
    let errorCount = problems.errors.count
    var id: String?
    if let value = dict["id"] {
      if case let .string(s) = value, isValidIdentifier(s) { id = s } else {
        problems.expected("letters, digits, '.', '_' or '-'", got: value, product: index, key: "id")
      }
    } else {
      problems.missing("a product identifier", product: index, key: "id")
    }
    // Sorted for stable messages; only sorted when there is something to report.
    let unknown = dict.keys.filter { !CatalogLoader.productKeys.contains($0) }
    for key in unknown.sorted() {
      problems.warning("unknown key (ignored)", product: index, id: id, key: key)
    }

    func string(_ key: String, required: Bool) -> String? {
      guard let value = dict[key] else {
        if required { problems.missing("a non-empty string", product: index, id: id, key: key) }
        return nil
      }
      guard case let .string(s) = value, !s.isEmpty else {
        problems.expected("a non-empty string", got: value, product: index, id: id, key: key)
        return nil
      }
      return s
    }
    func bool(_ key: String) -> Bool? {
      guard let value = dict[key] else { return nil }
      guard case let .bool(b) = value else {
        problems.expected("a boolean", got: value, product: index, id: id, key: key)
        return nil
      }
      return b
    }

    var type: ProductType?
    if let value = dict["type"] {
      if case let .string(s) = value, let t = ProductType(rawValue: s) { type = t } else {
        let names = ProductType.allCases.map(\.rawValue).joined(separator: ", ")
        problems.expected("one of \(names)", got: value, product: index, id: id, key: "type")
      }
    } else {
      problems.missing("one of " + ProductType.allCases.map(\.rawValue).joined(separator: ", "), product: index, id: id, key: "type")
    }
    let title = string("title", required: true)
    let description = string("description", required: true)
    var price: Decimal?
    if let value = dict["price"] {
      price = parsePrice(value)
      if price == nil { problems.expected(priceExpectation(value), got: value, product: index, id: id, key: "price") }
    } else {
      problems.missing("a decimal number ≥ 0", product: index, id: id, key: "price")
    }
    let referenceName = string("referenceName", required: false)
    let clearedForSale = bool("clearedForSale")
    let familyShareable = bool("familyShareable")
    let localizations = parseLocalizations(dict["localizations"], index: index, id: id, &problems)

    var group: String?
    var period: SubscriptionPeriod?
    var level: Int?
    var offer: IntroductoryOffer?
    var promotionalOffers: [PromotionalOffer] = []
    var winBackOffers: [WinBackOffer] = []
    var billingPlans: [BillingPlan] = []
    if type == .autoRenewable {
      group = string("subscriptionGroup", required: true)
      if let value = dict["subscriptionPeriod"] {
        if case let .string(s) = value, let p = SubscriptionPeriod(rawValue: s) { period = p } else {
          let names = SubscriptionPeriod.allCases.map(\.rawValue).joined(separator: ", ")
          problems.expected("one of \(names)", got: value, product: index, id: id, key: "subscriptionPeriod")
        }
      } else {
        problems.missing("one of " + SubscriptionPeriod.allCases.map(\.rawValue).joined(separator: ", "), product: index, id: id, key: "subscriptionPeriod")
      }
      if let value = dict["groupLevel"] {
        if case let .integer(n) = value, n >= 1 { level = n } else {
          problems.expected("an integer ≥ 1", got: value, product: index, id: id, key: "groupLevel")
        }
      } else {
        level = 1
      }
      offer = IntroductoryOfferValidator.validate(dict["introductoryOffer"], index: index, id: id, &problems)
      promotionalOffers = PromotionalOfferValidator.validate(dict["promotionalOffers"], index: index, id: id, &problems)
      winBackOffers = WinBackOfferValidator.validate(dict["winBackOffers"], index: index, id: id, &problems)
      billingPlans = BillingPlanValidator.validate(dict["billingPlans"], period: period, index: index, id: id, &problems)
    } else if type != nil {
      for key in CatalogLoader.subscriptionKeys where dict[key] != nil {
        problems.warning("only applies to autoRenewable products (ignored)", product: index, id: id, key: key)
      }
    }

    let offerCodes = OfferCodeValidator.validate(dict["offerCodes"], type: type, index: index, id: id, &problems)
    let content = ContentValidator.validate(dict["content"], type: type, index: index, id: id, &problems)

    guard problems.errors.count == errorCount, let id, let type, let title, let description, let price else {
      return nil
    }
    var product = Product(
      id: id, type: type, title: title, description: description, price: price, referenceName: referenceName,
      clearedForSale: clearedForSale ?? true, familyShareable: familyShareable ?? false,
      localizations: localizations, subscriptionGroup: group, subscriptionPeriod: period, groupLevel: level,
      introductoryOffer: offer, content: content)
    product.promotionalOffers = promotionalOffers
    product.winBackOffers = winBackOffers
    product.billingPlans = billingPlans
    product.offerCodes = offerCodes
    if case let .string(text)? = dict["price"], let plain = plainText(text) { product = product.withPriceText(plain) }
    return product
  }

  /// `text`, a price `parsePrice` accepted from a string (digits and at most one point), as
  /// `Decimal`'s description spells it: no leading zeros before the units, no trailing zeros
  /// after the point (`"012.50"` → `"12.5"`). Listing a catalog shows every price; the
  /// description of each `Decimal` cost as much as the rest of its line.
  static func plainText(_ text: String) -> String? {
    let bytes = text.utf8
    var point: String.Index?
    for i in bytes.indices where !(bytes[i] >= 0x30 && bytes[i] <= 0x39) {
      guard bytes[i] == UInt8(ascii: "."), point == nil else { return nil }
      point = i
    }
    guard let first = bytes.first, first != UInt8(ascii: ".") else { return nil }
    // The usual case, "0.99" or "12": already spelled so, and returned as it is.
    let leadingZero = first == 0x30 && bytes.count > 1 && bytes[bytes.index(after: bytes.startIndex)] != UInt8(ascii: ".")
    let trailingZero = point != nil && (bytes.last == 0x30 || bytes.last == UInt8(ascii: "."))
    guard leadingZero || trailingZero else { return text }
    var integer = Substring(text), fraction = Substring("")
    if let point {
      integer = text[..<point]
      fraction = text[text.index(after: point)...]
    }
    while integer.count > 1, integer.first == "0" { integer = integer.dropFirst() }
    while fraction.last == "0" { fraction = fraction.dropLast() }
    return fraction.isEmpty ? String(integer) : integer + "." + fraction
  }

  /// Product identifiers: letters, digits, `.`, `_`, `-`, as App Store Connect allows.
  static func isValidIdentifier(_ s: String) -> Bool {
    !s.isEmpty && s.utf8.allSatisfy { c in
      (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2E || c == 0x5F || c == 0x2D
    }
  }

  /// A price from `"0.99"`, `3` or `<real>0.99</real>`, as an exact `Decimal` from 0 to
  /// `Product.maximumPrice`. A real goes through its shortest decimal spelling, so 0.99 stays
  /// 0.99 rather than 0.98999…
  static func parsePrice(_ value: PlistValue) -> Decimal? {
    guard let price = parseDecimal(value), price <= Product.maximumPrice else { return nil }
    return price
  }

  /// What a price should have been, for the problem that names `value`: above the bound, the
  /// bound and why it exists; otherwise the general expectation.
  static func priceExpectation(_ value: PlistValue?) -> String {
    guard let value, parseDecimal(value) != nil else { return "a decimal number ≥ 0" }
    return "a price of at most \(Product.maximumPrice) (prices are carried in thousandths as 64-bit integers)"
  }

  /// `parsePrice` without the upper bound.
  private static func parseDecimal(_ value: PlistValue) -> Decimal? {
    switch value {
    case let .integer(n): return n >= 0 ? Decimal(n) : nil
    case let .real(d): return d.isFinite && d >= 0 ? Decimal(string: "\(d)") : nil
    case let .string(s):
      let parts = s.split(separator: ".", omittingEmptySubsequences: false)
      guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
        s.count <= 30
      else { return nil }
      // No locale: the text is plain digits and a '.', and building a Locale loads ICU data,
      // which `buy` would pay for on every purchase.
      return Decimal(string: s)
    default: return nil
    }
  }

  static func parseLocalizations(_ value: PlistValue?, index: Int, id: String?, _ problems: inout CatalogProblems)
    -> [String: Product.Localization]
  {
    guard let value else { return [:] }
    guard case let .dictionary(dict) = value else {
      problems.expected("a dictionary of locale → {title, description}", got: value, product: index, id: id, key: "localizations")
      return [:]
    }
    var result: [String: Product.Localization] = [:]
    for locale in dict.keys.sorted() {
      let key = "localizations.\(locale)"
      guard let normalized = CatalogLoader.normalizedLocale(locale) else {
        problems.error("not a locale identifier", product: index, id: id, key: key)
        continue
      }
      guard case let .dictionary(entry) = dict[locale]! else {
        problems.expected("a dictionary with title and description", got: dict[locale]!, product: index, id: id, key: key)
        continue
      }
      var fields: [String: String] = [:]
      for field in ["title", "description"] {
        guard let v = entry[field] else {
          problems.missing("a non-empty string", product: index, id: id, key: "\(key).\(field)")
          continue
        }
        guard case let .string(s) = v, !s.isEmpty else {
          problems.expected("a non-empty string", got: v, product: index, id: id, key: "\(key).\(field)")
          continue
        }
        fields[field] = s
      }
      for extra in entry.keys.sorted() where extra != "title" && extra != "description" {
        problems.warning("unknown key (ignored)", product: index, id: id, key: "\(key).\(extra)")
      }
      if let title = fields["title"], let description = fields["description"] {
        result[normalized] = Product.Localization(title: title, description: description)
      }
    }
    return result
  }
}
