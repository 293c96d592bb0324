import IAPCatalog
import IAPCore
import IAPFormats
import IAPKit

/// `/products`: the catalog as `Product.products(for:)` and `SKProductsRequest` see it.
enum ProductRoutes {
  static let all = [
    ControlRoute(
      method: "GET", path: "/products",
      summary: "List the products (iap products list), or fetch some by id (iap products fetch) with the invalid ids reported.",
      query: [
        ControlParameter("id", .strings, "Product ids to fetch (repeat the parameter); without any, every product."),
        ControlParameter("locale", .string, "The locale to show prices and copy in (default: the locale setting)."),
      ],
      answer: .products
    ) { call throws(IAPError) in
      let ids = call.request.queryValues("id")
      let locale = try call.request.query("locale").map { (text) throws(IAPError) -> String in
        guard let locale = CatalogLoader.normalizedLocale(text) else {
          throw ControlCall.usage("query parameter 'locale': expected a locale identifier like fr_FR, got '\(text)'")
        }
        return locale
      }
      if ids.isEmpty { return .json(ProductJSON.document(try call.workspace.listProducts(locale: locale), fetched: false)) }
      let result = try call.workspace.fetchProducts(ProductsFetchRequest(ids: ids, idsFile: nil, locale: locale))
      return .json(ProductJSON.document(result, fetched: true))
    }
  ]
}
