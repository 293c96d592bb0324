import IAPCatalog
import IAPCore
import IAPKit

/// `iap products list`: every product in the catalog, priced for the store's locale.
struct ProductsListCommand: Command {
  static let spec = CommandSpec(
    ["products", "list"], abstract: "List every product in the catalog.",
    discussion: "Shows each product's id, type, price (formatted for the locale) and localized title and description.",
    options: [OptionSpec("locale", value: "id", help: "Show prices and copy for this locale (e.g. fr_FR) instead of the catalog's.")])

  let locale: String?

  init(_ invocation: Invocation) throws(IAPError) {
    locale = try Self.locale(from: invocation)
  }

  /// The `--locale` value, normalized; shared with `products fetch`.
  static func locale(from invocation: Invocation) throws(IAPError) -> String? {
    guard let text = invocation.value("locale") else { return nil }
    guard let locale = CatalogLoader.normalizedLocale(text) else {
      throw invocation.usageError("invalid value for '--locale <id>': expected a locale identifier like fr_FR, got '\(text)'")
    }
    return locale
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.listProducts(locale: locale)
    let view = ProductView(catalog: result.catalog, locale: result.locale, currency: result.currency)
    if context.globals.json {
      context.console.json(ProductJSON.document(result, fetched: false))
    } else {
      view.lines(result.products).forEach { context.console.line($0) }
      if result.products.isEmpty { context.console.emptyListing("no products in the catalog") }
    }
    return .success
  }
}
