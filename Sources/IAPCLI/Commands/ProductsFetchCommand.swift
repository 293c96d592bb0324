import IAPCore
import IAPKit

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
    var requested = ids
    if let idsFile { requested += try ProductIdentifierList.load(path: context.workspace.resolve(idsFile), displayPath: idsFile) }
    let catalog = try context.workspace.loadCatalog()
    let settings = try context.workspace.settings(try context.workspace.stateDirectory.open(forWriting: false), catalog: catalog)
    if let code = settings.failLoadProducts {
      throw .refused(.requestFailed(api: "request(_:didFailWithError:): the products request", StoreError(code, "simulated failure: \(code.defaultMessage)")))
    }
    var products: [Product] = []
    var invalid: [String] = []
    var seen: Set<String> = []
    // A request is a set of identifiers: each is answered once, in the order first asked.
    for id in requested where seen.insert(id).inserted {
      if let product = catalog.purchasableProduct(id) { products.append(product) } else { invalid.append(id) }
    }
    let view = ProductView(catalog: catalog, locale: locale ?? settings.locale)
    if context.globals.json {
      context.console.json(.object([
        ("products", .array(products.map(view.json))),
        ("invalidProductIdentifiers", .array(invalid.map(JSONValue.string))),
      ]))
    } else {
      view.lines(products).forEach { context.console.line($0) }
      if !invalid.isEmpty { context.console.line("invalidProductIdentifiers: " + invalid.joined(separator: " ")) }
    }
    return .success
  }
}
