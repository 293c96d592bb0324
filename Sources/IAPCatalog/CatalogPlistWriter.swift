#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPCore

/// Writes a `Catalog` as `catalog.plist` XML that `CatalogLoader` reads back as the same
/// catalog: `iap catalog convert`'s output.
///
/// The XML is written here rather than by `PropertyListSerialization` so that keys come in
/// a reading order (id, type, title… as the bundled catalog has them) instead of sorted, and
/// so that booleans stay booleans on every platform.
package enum CatalogPlistWriter {
  /// A property-list value with its dictionary keys in the order they are written.
  private indirect enum Node {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case array([Node])
    case dictionary([(String, Node)])
  }

  /// The XML text, or an error naming each string a property list cannot hold (XML 1.0
  /// has no way to write most control characters).
  /// - Parameter source: the file converted from, named in a comment.
  package static func xml(_ catalog: Catalog, source: String, displayPath: String) throws(CatalogError) -> String {
    var problems = CatalogProblems(file: displayPath)
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <!-- Converted by iap from \(comment(source)). -->
      <plist version="1.0">

      """
    write(root(catalog), indent: 0, into: &text, at: "", &problems)
    text += "</plist>\n"
    if !problems.errors.isEmpty { throw .catalogInvalid(path: displayPath, problems: problems.errors) }
    return text
  }

  private static func root(_ catalog: Catalog) -> Node {
    var members: [(String, Node)] = [
      ("bundleId", .string(catalog.bundleId)), ("storefront", .string(catalog.storefront)), ("locale", .string(catalog.locale)),
    ]
    if let currency = catalog.currency { members.append(("currency", .string(currency))) }
    if let secret = catalog.sharedSecret { members.append(("sharedSecret", .string(secret))) }
    if !catalog.settings.isEmpty {
      members.append(("settings", .dictionary(catalog.settings.entries.map { entry in
        // Switches read better as booleans; the loader takes either.
        guard CatalogSettings.isToggle(entry.name) else { return (entry.name, .string(entry.value)) }
        return (entry.name, .bool(entry.value == "on"))
      })))
    }
    members.append(("products", .array(catalog.products.map(product))))
    return .dictionary(members)
  }

  private static func product(_ product: Product) -> Node {
    var members: [(String, Node)] = [("id", .string(product.id)), ("type", .string(product.type.rawValue))]
    if let referenceName = product.referenceName { members.append(("referenceName", .string(referenceName))) }
    members += [
      ("title", .string(product.title)), ("description", .string(product.description)), ("price", .string("\(product.price)")),
    ]
    if !product.clearedForSale { members.append(("clearedForSale", .bool(false))) }
    if product.familyShareable { members.append(("familyShareable", .bool(true))) }
    if !product.localizations.isEmpty {
      members.append(("localizations", .dictionary(product.localizations.keys.sorted().map { locale in
        let copy = product.localizations[locale]!
        return (locale, .dictionary([("title", .string(copy.title)), ("description", .string(copy.description))]))
      })))
    }
    if let content = product.content { members.append(("content", .string(content))) }
    if !product.offerCodes.isEmpty { members.append(("offerCodes", .array(product.offerCodes.map(codeFields)))) }
    guard product.type == .autoRenewable else { return .dictionary(members) }
    if let group = product.subscriptionGroup { members.append(("subscriptionGroup", .string(group))) }
    if let period = product.subscriptionPeriod { members.append(("subscriptionPeriod", .string(period.rawValue))) }
    if let level = product.groupLevel { members.append(("groupLevel", .integer(level))) }
    if let offer = product.introductoryOffer { members.append(("introductoryOffer", .dictionary(offerFields(offer)))) }
    if !product.promotionalOffers.isEmpty {
      members.append(("promotionalOffers", .array(product.promotionalOffers.map { .dictionary([("id", .string($0.id))] + offerFields($0.terms)) })))
    }
    if !product.winBackOffers.isEmpty { members.append(("winBackOffers", .array(product.winBackOffers.map(winBackFields)))) }
    if !product.billingPlans.isEmpty {
      members.append((
        "billingPlans",
        .array(product.billingPlans.map { plan in
          .dictionary([
            ("billingPlanType", .string(plan.type.rawValue)), ("price", .string("\(plan.price)")),
            ("commitmentPrice", .string("\(plan.commitmentPrice)")),
          ])
        })
      ))
    }
    return .dictionary(members)
  }

  /// A win-back offer: its id, terms and eligibility, as `winBackOffers` holds them.
  private static func winBackFields(_ offer: WinBackOffer) -> Node {
    var since: [(String, Node)] = [("minimum", .integer(offer.minimumMonthsSinceLastSubscribed))]
    if let maximum = offer.maximumMonthsSinceLastSubscribed { since.append(("maximum", .integer(maximum))) }
    var fields: [(String, Node)] = [("id", .string(offer.id))] + offerFields(offer.terms) + [
      ("eligibilityPaidMonths", .integer(offer.paidMonths)), ("eligibilityMonthsSinceLastSubscribed", .dictionary(since)),
    ]
    if let wait = offer.waitBetweenOffersMonths { fields.append(("waitBetweenOffersMonths", .integer(wait))) }
    return .dictionary(fields)
  }

  /// An offer code: a subscription's terms and eligibility, or a one-time price.
  private static func codeFields(_ code: OfferCode) -> Node {
    guard let terms = code.terms else {
      return .dictionary([("id", .string(code.id))] + (code.price.map { [("price", .string("\($0)"))] } ?? []))
    }
    let kinds = OfferCode.Eligibility.allCases.filter(code.eligibility.contains).map { Node.string($0.rawValue) }
    return .dictionary([("id", .string(code.id))] + offerFields(terms) + [("eligibility", .array(kinds))])
  }

  /// An offer's terms, as `introductoryOffer` and each of `promotionalOffers` write them.
  private static func offerFields(_ offer: IntroductoryOffer) -> [(String, Node)] {
    var fields: [(String, Node)] = [
      ("paymentMode", .string(offer.paymentMode.rawValue)), ("period", .string(offer.period.iso8601)),
      ("numberOfPeriods", .integer(offer.numberOfPeriods)),
    ]
    if let price = offer.price { fields.append(("price", .string("\(price)"))) }
    return fields
  }

  /// Appends `node` at `indent` tabs; `path` names it in errors.
  private static func write(_ node: Node, indent: Int, into text: inout String, at path: String, _ problems: inout CatalogProblems) {
    let tabs = String(repeating: "\t", count: indent)
    switch node {
    case let .string(s): text += tabs + "<string>" + escape(s, at: path, &problems) + "</string>\n"
    case let .integer(n): text += tabs + "<integer>\(n)</integer>\n"
    case let .bool(b): text += tabs + (b ? "<true/>\n" : "<false/>\n")
    case let .array(items):
      text += tabs + "<array>\n"
      for (index, item) in items.enumerated() { write(item, indent: indent + 1, into: &text, at: "\(path)[\(index)]", &problems) }
      text += tabs + "</array>\n"
    case let .dictionary(members):
      text += tabs + "<dict>\n"
      for (key, value) in members {
        let child = path.isEmpty ? key : "\(path).\(key)"
        text += tabs + "\t<key>" + escape(key, at: child, &problems) + "</key>\n"
        write(value, indent: indent + 1, into: &text, at: child, &problems)
      }
      text += tabs + "</dict>\n"
    }
  }

  /// Escapes XML's markup characters; a carriage return is written as a character reference
  /// so that XML's line-end normalization keeps it.
  private static func escape(_ s: String, at path: String, _ problems: inout CatalogProblems) -> String {
    var out = ""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\r": out += "&#13;"
      case "\t", "\n": out.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        problems.error("U+\(String(scalar.value, radix: 16, uppercase: true)) cannot be written in a property list", key: path)
        return ""
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// The file name, safe inside an XML comment (which may not contain `--`).
  private static func comment(_ path: String) -> String {
    var name = ""
    for c in path.split(separator: "/").last ?? "" where !(c == "-" && name.last == "-") { name.append(c) }
    return escape(name)
  }

  private static func escape(_ s: String) -> String {
    var ignored = CatalogProblems(file: "")
    return escape(s, at: "", &ignored)
  }
}
