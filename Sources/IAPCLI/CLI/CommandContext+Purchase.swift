import IAPCore
import IAPKit

/// What `buy` needs from the catalog: one product, read from the compiled cache when it can
/// be (see `CatalogCache`), and otherwise from the catalog itself, which is then cached.
extension CommandContext {
  /// The product to buy, or nil with the reason StoreKit's error will carry (unknown, with
  /// a did-you-mean suggestion, or not cleared for sale), and the catalog's own fields and
  /// settings (its products may be left out). Prints the catalog's warnings, and fails as
  /// loading the catalog does (missing: 66; invalid: 65 with every problem).
  public func purchasableProduct(_ id: String) throws(IAPError) -> (product: Product?, unavailableReason: String?, catalog: Catalog) {
    let display = catalogDisplayPath
    // `catalog.plist` and `./catalog.plist` are one catalog, with one cache.
    let path = POSIXFile.canonicalPath(environment.resolve(display))
    let state = stateDirectory.path
    let key = CatalogCache.Key(path: path)
    let cacheFile = CatalogCache.location(catalogPath: path, stateDirectory: state)
    if let key, let hit = CatalogCache.lookup(id, catalogPath: path, displayPath: display, key: key, file: cacheFile),
      let product = hit.product
    {
      for warning in hit.warnings { console.warning(warning) }
      return product.clearedForSale ? (product, nil, hit.catalog) : (nil, "product '\(id)' is not cleared for sale", hit.catalog)
    }
    // A miss, or an unknown id (whose suggestion needs every id): read the catalog.
    let catalog = try loadCatalog(
      cacheAs: key.flatMap { $0.isSettled(now: Environment.systemTime()) ? $0 : nil }, path: path, in: cacheFile)
    if let product = catalog.purchasableProduct(id) { return (product, nil, catalog) }
    if catalog.product(id) == nil {
      return (nil, "product '\(id)' is not in the catalog\(Suggestion.hint(for: id, in: catalog.products.map(\.id)))", catalog)
    }
    return (nil, "product '\(id)' is not cleared for sale", catalog)
  }

  /// The catalog's own fields and settings, or nil when it cannot be read: from the compiled
  /// cache's header when it is current (no parse of the whole catalog), else from the catalog.
  /// Prints nothing: for commands that only want the catalog's setting defaults.
  func catalogFieldsQuietly() -> Catalog? {
    let display = catalogDisplayPath
    let path = POSIXFile.canonicalPath(environment.resolve(display))
    if let key = CatalogCache.Key(path: path),
      let hit = CatalogCache.lookup(
        "", catalogPath: path, displayPath: display, key: key,
        file: CatalogCache.location(catalogPath: path, stateDirectory: stateDirectory.path))
    {
      return hit.catalog
    }
    return try? CatalogLoader.load(path: environment.resolve(display), displayPath: display).catalog
  }

  /// `loadCatalog()`, then writes the cache when the catalog is settled and the state
  /// folder exists (a first purchase creates it; the next one caches).
  private func loadCatalog(cacheAs key: CatalogCache.Key?, path: String, in cacheFile: String) throws(IAPError) -> Catalog {
    let display = catalogDisplayPath
    let loaded = try CatalogLoader.load(path: environment.resolve(display), displayPath: display)
    for warning in loaded.warnings { console.warning(warning) }
    if let key, POSIXFile.exists(stateDirectory.path) {
      CatalogCache.write(loaded.catalog, warnings: loaded.warnings, catalogPath: path, displayPath: display, key: key, file: cacheFile)
    }
    return loaded.catalog
  }
}
