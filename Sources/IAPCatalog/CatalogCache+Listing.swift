import IAPCore
import IAPFormats

extension CatalogCache {
  /// Every product of the cached catalog, in the catalog's order, with its fields and
  /// warnings (for `displayPath`); nil when the cache cannot be used, as for `lookup`.
  ///
  /// `products list` reads this instead of parsing and validating the property list, which
  /// on a large catalog would be most of the command.
  package static func listing(catalogPath: String, displayPath: String, key: Key, file: String) -> (Catalog, [String])? {
    mapped(file) { bytes -> (Catalog, [String])? in
      guard case (var catalog, let warnings, var start)? = header(bytes, catalogPath: catalogPath, displayPath: displayPath, key: key)
      else { return nil }
      let end = bytes.count - 4
      var placed: [(position: Int, product: Product)] = []
      while start < end {
        guard let newline = bytes[start..<end].firstIndex(of: 0x0A), let tab = bytes[start..<newline].firstIndex(of: 0x09),
          let json = try? JSONParser.parse(UnsafeBufferPointer(rebasing: bytes[(tab + 1)..<newline])), let product = decode(json),
          product.id.utf8.elementsEqual(bytes[start..<tab]), let position = json["position"]?.intValue
        else { return nil }
        placed.append((Int(position), product))
        start = newline + 1
      }
      // Each place once, from 0: anything else is not a cache this iap wrote.
      placed.sort { $0.position < $1.position }
      for (n, entry) in placed.enumerated() where entry.position != n { return nil }
      catalog.products = placed.map(\.product)
      return (catalog, warnings)
    }
  }
}
