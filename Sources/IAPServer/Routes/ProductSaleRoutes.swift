import IAPCore
import IAPFormats
import IAPKit

/// The developer's side of a product: whether it is on sale (App Store Connect's availability).
enum ProductSaleRoutes {
  static let all = [
    ControlRoute(
      method: "POST", path: "/products/{productId}/remove-from-sale",
      summary: "Remove a product from sale (iap products remove-from-sale): subscriptions expire at period end (PRODUCT_NOT_FOR_SALE)."
    ) { call throws(IAPError) in
      .json(ProductSaleJSON.document(try call.workspace.setProductOnSale(call.path("productId"), false)))
    },
    ControlRoute(
      method: "POST", path: "/products/{productId}/restore-to-sale",
      summary: "Put a product removed from sale back on sale (iap products restore-to-sale)."
    ) { call throws(IAPError) in
      .json(ProductSaleJSON.document(try call.workspace.setProductOnSale(call.path("productId"), true)))
    },
  ]
}
