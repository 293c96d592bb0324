import Foundation
import Testing

@testable import IAPCatalog
@testable import IAPCore
@testable import IAPFormats
@testable import IAPSystem

@Suite struct CatalogCacheTests {
  let temporary = TemporaryFolder(catalog: CatalogFixtures.standard)
  let key = CatalogCache.Key(values: [1, 2, 3, 4, 5, 6, 7], changed: 0)
  var file: String { temporary.directory + "/catalog.cache" }
  var catalogPath: String { temporary.directory + "/catalog.plist" }

  func write(_ catalog: Catalog, warnings: [String] = []) {
    let folder = try! #require(try Folder.open(temporary.directory, create: false))
    CatalogCache.write(
      catalog, warnings: warnings, catalogPath: catalogPath, displayPath: "catalog.plist", key: key, in: folder, name: "catalog.cache")
  }

  func lookup(_ id: String, key: CatalogCache.Key? = nil, display: String = "catalog.plist") -> CatalogCache.Hit? {
    CatalogCache.lookup(id, catalogPath: catalogPath, displayPath: display, key: key ?? self.key, file: file)
  }

  @Test func findsEveryProductExactlyAsTheCatalogHasIt() throws {
    let catalog = try CatalogLoader.parse(Data(CatalogFixtures.standard.utf8), displayPath: "catalog.plist").catalog
    write(catalog)
    for product in catalog.products {
      #expect(lookup(product.id)?.product == product)
      // The price text the cache hands over is the one the product would make itself.
      #expect(lookup(product.id)?.product?.priceText == "\(product.price)")
    }
    // A price changed afterwards is not described by the text the cache gave.
    var changed = try #require(lookup("sword")?.product)
    changed.price = Decimal(string: "5.49")!
    #expect(changed.priceText == "5.49")
    // Ids before, between and after the stored ones are simply absent.
    for id in ["a", "pro", "pass.x", "zzz", "gemsx"] {
      #expect(lookup(id) != nil)
      #expect(lookup(id)?.product == nil)
    }
  }

  /// `products list` reads the whole catalog from the cache, in the catalog's order.
  @Test func listsEveryProductInTheCatalogsOrder() throws {
    let loaded = try CatalogLoader.parse(Data(CatalogFixtures.standard.utf8), displayPath: "catalog.plist")
    write(loaded.catalog, warnings: ["catalog.plist: extra: unknown key (ignored)"])
    let listed = try #require(CatalogCache.listing(catalogPath: catalogPath, displayPath: "./c.plist", key: key, file: file))
    #expect(listed.0.products == loaded.catalog.products)
    #expect(listed.0.products.map(\.id) != listed.0.products.map(\.id).sorted(), "the catalog's order is not the ids'")
    #expect(listed.0.locale == loaded.catalog.locale && listed.0.storefront == loaded.catalog.storefront)
    #expect(listed.1 == ["./c.plist: extra: unknown key (ignored)"])
    #expect(CatalogCache.listing(catalogPath: catalogPath, displayPath: "x", key: CatalogCache.Key(values: [9], changed: 0), file: file) == nil)
    // A place given twice is not a cache iap wrote: a miss.
    let text = try String(contentsOfFile: file, encoding: .utf8)
    try text.replacingOccurrences(of: #"{"position":1,"#, with: #"{"position":0,"#).write(toFile: file, atomically: true, encoding: .utf8)
    #expect(CatalogCache.listing(catalogPath: catalogPath, displayPath: "x", key: key, file: file) == nil)
  }

  @Test func aDifferentKeyOrPathIsAMiss() throws {

    write(Catalog(products: [Product(id: "a", type: .consumable, title: "t", description: "d", price: 1)]))
    #expect(lookup("a")?.product?.id == "a")
    #expect(lookup("a", key: CatalogCache.Key(values: [1, 2, 3, 4, 5, 6, 8], changed: 0)) == nil)
    #expect(CatalogCache.lookup("a", catalogPath: "/elsewhere.plist", displayPath: "x", key: key, file: file) == nil)
  }

  @Test func aTruncatedOrDamagedCacheIsAMiss() throws {
    write(Catalog(products: [Product(id: "a", type: .consumable, title: "t", description: "d", price: 1)]))
    let bytes = try #require(FileManager.default.contents(atPath: file))
    for cut in [0, 10, bytes.count / 2, bytes.count - 1] {
      _ = FileManager.default.createFile(atPath: file, contents: bytes.prefix(cut))
      #expect(lookup("a") == nil)
    }
    var damaged = bytes
    damaged[damaged.count - 10] = UInt8(ascii: "{")
    _ = FileManager.default.createFile(atPath: file, contents: damaged)
    #expect(lookup("a") == nil)
  }

  @Test func warningsAreShownForTheCurrentDisplayPath() {
    write(Catalog(), warnings: ["catalog.plist: extra: unknown key (ignored)"])
    #expect(lookup("a", display: "./c.plist")?.warnings == ["./c.plist: extra: unknown key (ignored)"])
  }

  /// The cache's name is the FNV-1a hash of the catalog's path in sixteen hex digits, as
  /// caches already on disk are named.
  @Test func theFileNameIsTheHashOfThePath() {
    #expect(CatalogCache.fileName(catalogPath: "/a/catalog.plist") == "catalog-2f99f68ccf5b10f3.cache")
    #expect(CatalogCache.fileName(catalogPath: "") == "catalog-cbf29ce484222325.cache")
  }

  @Test func aCatalogChangedWithinTheLastSecondsIsNotSettled() {
    let now = Timestamp(milliseconds: 10_000)
    #expect(!CatalogCache.Key(values: [], changed: 9_000 * 1_000_000).isSettled(now: now))
    #expect(CatalogCache.Key(values: [], changed: 7_000 * 1_000_000).isSettled(now: now))
  }
}
