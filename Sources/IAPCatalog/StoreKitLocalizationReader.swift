import IAPCore
import IAPFormats

/// Reads a `.storekit` product's `localizations` (`[{displayName, description, locale}]`)
/// into the product's title, description and localizations.
///
/// Xcode lets a display name or description be empty, but a catalog's store copy is never
/// empty (the plist format requires it, and `products list` would show blanks), so an empty
/// one is filled in, with a warning: a display name from the reference name (or the product
/// identifier), a description from the display name.
package enum StoreKitLocalizationReader {
  static let keys: Set<String> = ["description", "displayName", "locale"]

  /// The store copy.
  struct Copy {
    var title: String
    var description: String
    var localizations: [String: Product.Localization]
  }

  /// The localization for `locale` (else the first) gives the title and description; all of
  /// them go into `localizations`, keyed by locale with underscores.
  /// - Parameter fallbackTitle: what stands in for an empty display name.
  static func read(_ product: StoreKitFields, referenceName fallbackTitle: String, locale: String, _ problems: inout CatalogProblems)
    -> Copy
  {
    var all: [String: Product.Localization] = [:]
    var first: Product.Localization?
    var firstIndex: [String: Int] = [:]
    let items = product.array("localizations", &problems) ?? []
    for (index, value) in items.enumerated() {
      let key = "localizations[\(index)]"
      guard let fields = product.nested(value, key: key, expecting: "an object with displayName, description and locale", &problems)
      else { continue }
      fields.warnUnknown(keys, &problems)
      var code: String?
      if let value = fields["locale"] {
        if case let .string(s) = value, let normalized = CatalogLoader.normalizedLocale(s) { code = normalized } else {
          fields.expected("a locale identifier like \"en_US\"", got: value, key: "locale", &problems)
        }
      } else {
        fields.missing("a locale identifier like \"en_US\"", key: "locale", &problems)
      }
      var title = fields.string("displayName", required: true, nonEmpty: false, &problems)
      var description = fields.string("description", required: true, nonEmpty: false, &problems)
      guard let code, title != nil, description != nil else { continue }
      if title!.isEmpty {
        title = fallbackTitle
        fields.warning("empty; using \(PlistValue.string(fallbackTitle).summary) instead", key: "displayName", &problems)
      }
      if description!.isEmpty {
        description = title
        fields.warning("empty; using the display name \(PlistValue.string(title!).summary) instead", key: "description", &problems)
      }
      if let previous = firstIndex[code] {
        fields.warning("duplicate of localizations[\(previous)] (ignored)", key: "locale", &problems)
        continue
      }
      firstIndex[code] = index
      let localization = Product.Localization(title: title!, description: description!)
      all[code] = localization
      if first == nil { first = localization }
    }
    guard let base = all[locale] ?? first else {
      // Entries that were there but wrong have been reported already.
      if items.isEmpty {
        product.warning("none; using \(PlistValue.string(fallbackTitle).summary) as title and description", key: "localizations", &problems)
      }
      return Copy(title: fallbackTitle, description: fallbackTitle, localizations: [:])
    }
    return Copy(title: base.title, description: base.description, localizations: all)
  }
}
