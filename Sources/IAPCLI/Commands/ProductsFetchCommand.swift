import IAPCore
import IAPKit
import IAPOperations
import IAPFormats

/// `iap products fetch`: what an `SKProductsRequest` for these identifiers answers.
struct ProductsFetchCommand: Command {
  static let spec = CommandSpec(
    ["products", "fetch"], operation: ProductOperations.fetch,
    discussion: """
      Prints the valid products, then the identifiers the store does not sell (unknown, or not \
      cleared for sale) as invalidProductIdentifiers.
      """,
    arguments: [ArgumentSpec("id", ProductOperations.ids, completion: .productIds)])

  let request: ProductsFetchRequest

  init(_ invocation: Invocation) throws(IAPError) { request = try ProductOperations.fetchRequest(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.fetchProducts(request)
    let view = ProductView(catalog: result.catalog, locale: result.locale, currency: result.currency)
    let invalid = result.invalidProductIdentifiers
    if context.globals.json {
      context.console.json(ProductJSON.document(result, fetched: true))
    } else {
      view.lines(result.products).forEach { context.console.line($0) }
      if !invalid.isEmpty { context.console.line("invalidProductIdentifiers: " + invalid.joined(separator: " ")) }
    }
    return .success
  }
}
