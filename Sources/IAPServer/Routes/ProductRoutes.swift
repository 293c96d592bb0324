import IAPCatalog
import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

/// `/products`: the catalog as `Product.products(for:)` and `SKProductsRequest` see it.
enum ProductRoutes {
  static let all = [
    ControlRoute(method: "GET", path: "/products", operation: ProductOperations.listOrFetch, answer: .products) { call throws(IAPError) in
      let ids = try call.value(ProductOperations.ids, default: [])
      let locale = try ProductOperations.listRequest(call)
      if ids.isEmpty { return .json(ProductJSON.document(try call.workspace.listProducts(locale: locale), fetched: false)) }
      let result = try call.workspace.fetchProducts(ProductsFetchRequest(ids: ids, locale: locale))
      return .json(ProductJSON.document(result, fetched: true))
    }
  ]
}
