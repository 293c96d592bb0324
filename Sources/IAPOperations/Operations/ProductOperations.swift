import IAPCatalog
import IAPCore
import IAPKit

/// The catalog as `SKProductsRequest` and `Product.products(for:)` see it: every product, or
/// some by id with the ids the store does not sell reported.
package enum ProductOperations {
  package static let locale = Parameter<String>.parsed(
    ParameterInfo("locale", json: "locale", value: "id", help: "Show prices and copy for this locale (e.g. fr_FR) instead of the catalog's."),
    expected: "a locale identifier like fr_FR", CatalogLoader.normalizedLocale)
  package static let ids = Parameter<[String]>.strings(
    ParameterInfo("id", json: "id", value: "id", help: "Product identifiers to request."))
  package static let idsFile = Parameter<String>.string(
    ParameterInfo(
      "ids-from", json: "idsFrom", value: "file", reach: .commandLineOnly, help: "Read identifiers from a plist whose root is an array of strings."))

  package static let list = OperationSpec("products list", summary: "List every product in the catalog.", parameters: [locale.info])
  package static let fetch = OperationSpec(
    "products fetch", summary: "Request products by identifier, as SKProductsRequest does.", parameters: [ids.info, idsFile.info, locale.info])

  /// Every product, or those `ids` names (the control plane's `GET /products`).
  package static let listOrFetch = OperationSpec(
    "products", summary: "List every product in the catalog, or request some by identifier as SKProductsRequest does.",
    parameters: [ids.info, locale.info])

  /// The locale asked for, normalized, if any.
  package static func listRequest(_ input: some OperationInput) throws(IAPError) -> String? { try input.value(locale) }

  /// The ids to fetch, from the arguments or a file.
  package static func fetchRequest(_ input: some OperationInput) throws(IAPError) -> ProductsFetchRequest {
    let request = ProductsFetchRequest(ids: try input.value(ids, default: []), idsFile: try input.value(idsFile), locale: try input.value(locale))
    if request.ids.isEmpty && request.idsFile == nil {
      throw input.usage("give product identifiers, or \(input.name(idsFile.info)) FILE")
    }
    return request
  }
}
