import IAPCatalog
import IAPCore
import IAPKit
import IAPOperations

/// `iap products list`: every product in the catalog, priced for the store's locale.
struct ProductsListCommand: Command {
  static let spec = CommandSpec(
    ["products", "list"], operation: ProductOperations.list,
    discussion: "Shows each product's id, type, price (formatted for the locale) and localized title and description.")

  let locale: String?

  init(_ invocation: Invocation) throws(IAPError) {
    locale = try ProductOperations.listRequest(invocation)
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
