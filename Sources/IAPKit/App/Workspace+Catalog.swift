import IAPCatalog
import IAPCore
import IAPStorage
import IAPSystem

/// The catalog, as use cases need it: loaded whole (printing its warnings), one product for
/// `buy` from the compiled cache (see `CatalogCache`), or only its fields and settings.
extension Workspace {
  /// Loads and validates the catalog, printing its warnings to stderr.
  package func loadCatalog() throws(IAPError) -> Catalog {
    let loaded = try IAPError.ofCatalog(CatalogLoader.load(path: catalogPath, displayPath: catalogDisplayPath))
    for warning in loaded.warnings { console.warning(warning) }
    return loaded.catalog
  }

  /// The product to buy, or nil with the reason StoreKit's error will carry (unknown, with
  /// a did-you-mean suggestion, or not cleared for sale), and the catalog's own fields and
  /// settings (its products may be left out). Prints the catalog's warnings, and fails as
  /// loading the catalog does (missing: 66; invalid: 65 with every problem).
  package func purchasableProduct(_ id: String) throws(IAPError) -> (product: Product?, unavailableReason: String?, catalog: Catalog) {
    // `catalog.plist` and `./catalog.plist` are one catalog, with one cache.
    let path = POSIXFile.canonicalPath(catalogPath)
    let key = CatalogCache.Key(path: path)
    let cacheFile = stateDirectory.path + "/" + CatalogCache.fileName(catalogPath: path)
    if let key, let hit = CatalogCache.lookup(id, catalogPath: path, displayPath: catalogDisplayPath, key: key, file: cacheFile),
      let product = hit.product
    {
      for warning in hit.warnings { console.warning(warning) }
      return product.clearedForSale ? (product, nil, hit.catalog) : (nil, "product '\(id)' is not cleared for sale", hit.catalog)
    }
    // A miss, or an unknown id (whose suggestion needs every id): read the catalog.
    let loaded = try loadAndCache(path: path, key: key, cacheFile: cacheFile)
    for warning in loaded.warnings { console.warning(warning) }
    let catalog = loaded.catalog
    if let product = catalog.purchasableProduct(id) { return (product, nil, catalog) }
    if catalog.product(id) == nil {
      return (nil, "product '\(id)' is not in the catalog\(Suggestion.hint(for: id, in: catalog.products.map(\.id)))", catalog)
    }
    return (nil, "product '\(id)' is not cleared for sale", catalog)
  }

  /// The whole catalog, for a listing, printing its warnings: from the compiled cache when it
  /// is current (no parse of the property list), else loaded, and cached as a purchase would.
  /// Fails as loading the catalog does.
  package func catalogForListing() throws(IAPError) -> Catalog {
    let path = POSIXFile.canonicalPath(catalogPath)
    let key = CatalogCache.Key(path: path)
    let cacheFile = stateDirectory.path + "/" + CatalogCache.fileName(catalogPath: path)
    if let key, let (catalog, warnings) = CatalogCache.listing(catalogPath: path, displayPath: catalogDisplayPath, key: key, file: cacheFile) {
      for warning in warnings { console.warning(warning) }
      return catalog
    }
    let loaded = try loadAndCache(path: path, key: key, cacheFile: cacheFile)
    for warning in loaded.warnings { console.warning(warning) }
    return loaded.catalog
  }

  /// The catalog's own fields and settings, or nil when it cannot be read: from the compiled
  /// cache's header when it is current (no parse of the whole catalog), else from the catalog,
  /// which is then cached. Prints nothing: for use cases that only want the settings' defaults.
  package func catalogFieldsQuietly() -> Catalog? {
    try? catalogFields()
  }

  /// The catalog's own fields and settings, as `catalogFieldsQuietly`, or why they cannot be
  /// read (missing, invalid): for the server, which answers its own failures 5xx.
  package func catalogFields() throws(IAPError) -> Catalog {
    // The server keeps the fields while the catalog's `stat` is unchanged: resolving the
    // path and reading the cache file were a dozen system calls a request.
    let given = catalogPath
    let givenKey = reuse == nil ? nil : CatalogCache.Key(path: given)
    if let givenKey, let kept = reuse?.catalog(at: given, key: givenKey) { return kept }
    let fields = try catalogFieldsRead()
    if let givenKey, givenKey.isSettled(now: Environment.systemTime()) { reuse?.remember(catalog: fields, at: given, key: givenKey) }
    return fields
  }

  /// The catalog's fields from the catalog cache, else from the catalog (then cached).
  private func catalogFieldsRead() throws(IAPError) -> Catalog {
    let path = POSIXFile.canonicalPath(catalogPath)
    let key = CatalogCache.Key(path: path)
    let cacheFile = stateDirectory.path + "/" + CatalogCache.fileName(catalogPath: path)
    if let key, let hit = CatalogCache.lookup("", catalogPath: path, displayPath: catalogDisplayPath, key: key, file: cacheFile) {
      return hit.catalog
    }
    return try loadAndCache(path: path, key: key, cacheFile: cacheFile).catalog
  }

  /// The products of `ids` the catalog has, quietly, without reading the catalog itself:
  /// from the compiled cache, one line each, when it is current; else from `catalog` (a
  /// catalog already read, which holds its products when there was no usable cache).
  func cachedProducts(_ ids: Set<String>, else catalog: Catalog?) -> [String: Product] {
    guard !ids.isEmpty else { return [:] }
    let path = POSIXFile.canonicalPath(catalogPath)
    let key = CatalogCache.Key(path: path)
    let cacheFile = stateDirectory.path + "/" + CatalogCache.fileName(catalogPath: path)
    var found: [String: Product] = [:]
    for id in ids {
      if let key, let hit = CatalogCache.lookup(id, catalogPath: path, displayPath: catalogDisplayPath, key: key, file: cacheFile) {
        if let product = hit.product { found[id] = product }
      } else if let product = catalog?.product(id) {
        found[id] = product
      }
    }
    return found
  }

  /// Loads the catalog, then writes its cache when the catalog is settled and the state
  /// folder exists (a first purchase creates it; the next one caches).
  private func loadAndCache(path: String, key: CatalogCache.Key?, cacheFile: String) throws(IAPError) -> CatalogLoader.Loaded {
    let loaded = try IAPError.ofCatalog(CatalogLoader.load(path: catalogPath, displayPath: catalogDisplayPath))
    if let key, key.isSettled(now: Environment.systemTime()), let folder = try? stateDirectory.folder(create: false) {
      CatalogCache.write(
        loaded.catalog, warnings: loaded.warnings, catalogPath: path, displayPath: catalogDisplayPath, key: key, in: folder,
        name: CatalogCache.fileName(catalogPath: path))
    }
    return loaded
  }
}
