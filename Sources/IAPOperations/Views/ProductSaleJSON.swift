import IAPCore
import IAPFormats
import IAPKit

/// The JSON of `iap products remove-from-sale|restore-to-sale --json` and of the control
/// plane's `/products/{productId}/sale`.
package enum ProductSaleJSON {
  package static func document(_ result: ProductSaleResult) -> JSONValue {
    .object([
      ("productId", .string(result.productId)),
      ("onSale", .bool(result.onSale)),
      ("subscriptions", .array(result.subscriptions.map { s in
        .object([
          ("account", .string(s.account)), ("originalTransactionId", .string(String(s.originalId))),
          ("expirationDate", .string(s.expirationDate.iso8601)),
        ])
      })),
    ])
  }
}
