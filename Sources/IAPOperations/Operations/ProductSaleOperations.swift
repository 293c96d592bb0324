import IAPCore
import IAPKit

/// The developer's side of a product: whether it is on sale (App Store Connect's availability).
package enum ProductSaleOperations {
  package static let productId = Parameter<String>.string(
    ParameterInfo("product-id", json: "productId", value: "id", required: true, help: "The product's identifier."))
  package static let remove = OperationSpec(
    "products remove-from-sale", summary: "Remove a product from sale, as App Store Connect's availability does.",
    parameters: [productId.info])
  package static let restore = OperationSpec(
    "products restore-to-sale", summary: "Put a product removed from sale back on sale.", parameters: [productId.info])

  /// The product a change names.
  package static func request(_ input: some OperationInput) throws(IAPError) -> String { try input.required(productId) }
}
