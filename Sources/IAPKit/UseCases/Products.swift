import IAPCatalog
import IAPCore
import IAPStorage

/// What an `SKProductsRequest` asks for: product identifiers, given and read from a file.
package struct ProductsFetchRequest: Sendable {
  /// The identifiers, in the order asked.
  package var ids: [String]
  /// A plist whose root is an array of identifier strings, asked after `ids`, as the user
  /// named it (resolved against the working folder).
  package var idsFile: String?
  /// Show prices and copy for this locale (normalized) instead of the `locale` setting's.
  package var locale: String?

  package init(ids: [String], idsFile: String? = nil, locale: String? = nil) {
    self.ids = ids
    self.idsFile = idsFile
    self.locale = locale
  }
}

/// Products as the store presents them: the products, and what their prices and copy are
/// formatted with (the storefront's currency, and the locale in force).
package struct ProductsResult {
  /// The products, in catalog order (`products list`) or in the order asked (`products fetch`).
  package var products: [Product]
  /// `invalidProductIdentifiers`: what was asked but is not sold (unknown, or not cleared
  /// for sale), each once, in the order asked. Always empty for a listing.
  package var invalidProductIdentifiers: [String] = []
  /// The catalog, for its currency and its own locale.
  package var catalog: Catalog
  /// The locale to show prices and copy in: the request's, else the `locale` setting.
  package var locale: String
  /// The currency the storefront in force sells in, as purchases record it.
  package var currency: String
}

extension Workspace {
  /// Use case: every product in the catalog, for the locale asked or the one in force.
  ///
  /// `products list` is benchmarked: this reads the catalog (from its compiled cache when
  /// current) and the settings, nothing more (not the store).
  package func listProducts(locale: String? = nil) throws(IAPError) -> ProductsResult {
    let catalog = try catalogForListing()
    let settings = try self.settings(try IAPError.ofState(stateDirectory.openForSettings()), catalog: catalog)
    return ProductsResult(
      products: catalog.products, catalog: catalog, locale: locale ?? settings.locale,
      currency: catalog.currency(in: settings.storefront))
  }

  /// Use case: answers an `SKProductsRequest`: the products the store sells among those
  /// asked, and the identifiers it does not. Fails as `request(_:didFailWithError:)` when
  /// the `fail-load-products` setting says so.
  package func fetchProducts(_ request: ProductsFetchRequest) throws(IAPError) -> ProductsResult {
    var requested = request.ids
    if let file = request.idsFile { requested += try IAPError.ofCatalog(ProductIdentifierList.load(path: resolve(file), displayPath: file)) }
    let catalog = try loadCatalog()
    let settings = try self.settings(try IAPError.ofState(stateDirectory.openForSettings()), catalog: catalog)
    if let code = settings.failLoadProducts {
      let error = StoreError(code, "simulated failure: \(code.defaultMessage)")
      throw .refused(.requestFailed(api: "request(_:didFailWithError:): the products request", error))
    }
    var result = ProductsResult(
      products: [], catalog: catalog, locale: request.locale ?? settings.locale,
      currency: catalog.currency(in: settings.storefront))
    var seen: Set<String> = []
    // Products the developer removed from sale are not offered.
    let offSale = settings.removedFromSale
    // A request is a set of identifiers: each is answered once, in the order first asked.
    for id in requested where seen.insert(id).inserted {
      if let product = catalog.purchasableProduct(id), !offSale.contains(id) {
        result.products.append(product)
      } else {
        result.invalidProductIdentifiers.append(id)
      }
    }
    return result
  }
}

extension Workspace {
  /// Use case: the product identifiers of a catalog (`path`, else this workspace's), for
  /// shell completion: quietly none when the catalog cannot be read.
  package func productIdentifiers(catalog path: String? = nil) -> [String] {
    let display = path ?? catalogDisplayPath
    let loaded = try? CatalogLoader.load(path: resolve(display), displayPath: display)
    return loaded?.catalog.products.map(\.id) ?? []
  }
}
