import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

/// The developer's side of a product: whether it is on sale (App Store Connect's availability).
enum ProductSaleRoutes {
  static let all = [
    ControlRoute(method: "POST", path: "/products/{productId}/remove-from-sale", operation: ProductSaleOperations.remove) {
      call throws(IAPError) in
      .json(ProductSaleJSON.document(try call.workspace.setProductOnSale(try ProductSaleOperations.request(call), false)))
    },
    ControlRoute(method: "POST", path: "/products/{productId}/restore-to-sale", operation: ProductSaleOperations.restore) {
      call throws(IAPError) in
      .json(ProductSaleJSON.document(try call.workspace.setProductOnSale(try ProductSaleOperations.request(call), true)))
    },
  ]
}
