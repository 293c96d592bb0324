import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

/// How products are shown: as `SKProduct` would present them in the store's locale.
package struct ProductView {
  package let formatter: PriceFormatter

  /// - Parameter currency: the storefront's currency (`Catalog.currency(in:)`); the locale
  ///   only formats it.
  package init(catalog: Catalog, locale: String?, currency: String) {
    formatter = ProductJSON.formatter(catalog: catalog, locale: locale, currency: currency)
  }

  /// Two lines a product: id, type, price, title; then the description, indented.
  package func lines(_ products: [Product]) -> [String] {
    var table = TextTable()
    var descriptions: [String] = []
    for p in products {
      let copy = p.localization(for: formatter.locale)
      descriptions.append(copy.description)
      var title = copy.title
      if !p.clearedForSale { title += "  (not cleared for sale)" }
      if let period = p.subscriptionPeriod, let group = p.subscriptionGroup {
        title += "  [\(period.rawValue), group \(group), level \(p.groupLevel ?? 1)]"
      }
      table.append([p.id, p.type.rawValue, formatter.string(for: p.price, text: p.priceText), title])
    }
    var result: [String] = []
    for (line, description) in zip(table.lines, descriptions) {
      result.append(line)
      result.append("    " + description)
    }
    return result
  }
}
