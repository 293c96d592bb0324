import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

/// `iap products remove-from-sale ID` and `iap products restore-to-sale ID`: the developer
/// takes a product off the App Store or puts it back (App Store Connect's availability).
struct ProductSaleCommand {
  let productId: String

  init(_ invocation: Invocation) throws(IAPError) {
    productId = try ProductSaleOperations.request(invocation)
  }

  static func argument() -> [ArgumentSpec] {
    [ArgumentSpec("id", ProductSaleOperations.productId, completion: .productIds)]
  }

  /// Runs the change and prints what it did.
  func run(_ context: CommandContext, onSale: Bool) throws(IAPError) -> ExitCode {
    let result = try context.workspace.setProductOnSale(productId, onSale)
    if context.globals.json {
      context.console.json(ProductSaleJSON.document(result))
      return .success
    }
    context.console.line(onSale ? "'\(productId)' is on sale again" : "'\(productId)' removed from sale: it is no longer offered")
    for s in result.subscriptions {
      context.console.line(
        onSale
          ? "  the subscription of '\(s.account)' renews again at \(s.expirationDate.iso8601)"
          : "  the subscription of '\(s.account)' expires at \(s.expirationDate.iso8601) (PRODUCT_NOT_FOR_SALE)")
    }
    return .success
  }
}

/// `iap products remove-from-sale ID`.
struct ProductsRemoveFromSaleCommand: Command {
  static let spec = CommandSpec(
    ["products", "remove-from-sale"], operation: ProductSaleOperations.remove,
    discussion: """
      The product is no longer offered: products requests answer it as an invalid \
      identifier and purchases of it fail (storeProductNotAvailable). Subscriptions to it \
      run to the end of their period and then expire: expirationIntent 4 and the EXPIRED \
      server notification with subtype PRODUCT_NOT_FOR_SALE. What customers bought stays \
      theirs. 'iap products restore-to-sale ID' puts it back. Both edit the \
      removed-from-sale setting.
      """,
    arguments: ProductSaleCommand.argument())

  let sale: ProductSaleCommand

  init(_ invocation: Invocation) throws(IAPError) { sale = try ProductSaleCommand(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode { try sale.run(context, onSale: false) }
}

/// `iap products restore-to-sale ID`.
struct ProductsRestoreToSaleCommand: Command {
  static let spec = CommandSpec(
    ["products", "restore-to-sale"], operation: ProductSaleOperations.restore,
    discussion: """
      The product is offered again, and subscriptions to it that have not expired yet renew \
      as before.
      """,
    arguments: ProductSaleCommand.argument())

  let sale: ProductSaleCommand

  init(_ invocation: Invocation) throws(IAPError) { sale = try ProductSaleCommand(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode { try sale.run(context, onSale: true) }
}
