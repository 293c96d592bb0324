import IAPCore
import IAPKit
import IAPFormats

/// `iap products fetch`: what an `SKProductsRequest` for these identifiers answers.
struct ProductsFetchCommand: Command {
  static let spec = CommandSpec(
    ["products", "fetch"], abstract: "Request products by identifier, as SKProductsRequest does.",
    discussion: """
      Prints the valid products, then the identifiers the store does not sell (unknown, or not \
      cleared for sale) as invalidProductIdentifiers.
      """,
    arguments: [ArgumentSpec("id", help: "Product identifiers to request.", repeating: true, optional: true, completion: .productIds)],
    options: [
      OptionSpec("ids-from", value: "file", help: "Read identifiers from a plist whose root is an array of strings."),
      OptionSpec("locale", value: "id", help: "Show prices and copy for this locale instead of the catalog's."),
    ])

  let ids: [String]
  let idsFile: String?
  let locale: String?

  init(_ invocation: Invocation) throws(IAPError) {
    ids = invocation.positionals
    idsFile = invocation.value("ids-from")
    locale = try ProductsListCommand.locale(from: invocation)
    if ids.isEmpty && idsFile == nil {
      throw invocation.usageError("give product identifiers, or --ids-from FILE")
    }
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.fetchProducts(ProductsFetchRequest(ids: ids, idsFile: idsFile, locale: locale))
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
