// Compiled twice: into iapTests, where FuzzRegressionTests replays the inputs that once
// failed and the seed corpus (`swift test`), and by scripts/fuzz into one module with every
// source (-D IAP_FUZZ_BUILD), where libFuzzer drives it; there the sources are that module.
#if !IAP_FUZZ_BUILD
  @testable import IAPCLI
  @testable import IAPCatalog
  @testable import IAPCore
  @testable import IAPFormats
  @testable import IAPHTTP
  @testable import IAPKit
  @testable import IAPServer
#endif

/// Fuzzes the catalog reader: property-list parsing (XML and binary) and validation.
///
/// Invariants: any bytes give a catalog or a `catalogInvalid` error with at least one
/// problem, and every problem and warning prints as exactly one line; a valid catalog's
/// products have unique, well-formed identifiers and survive the catalog cache unchanged.
enum CatalogFuzzTarget {
  static func run(_ bytes: [UInt8]) {
    var diagnostics: [String] = []
    let console = Console(out: { _ in }, err: { diagnostics.append($0) })
    do {
      let loaded = try CatalogLoader.parse(bytes: bytes, displayPath: "fuzz.plist")
      var seen: Set<String> = []
      for product in loaded.catalog.products {
        guard ProductValidator.isValidIdentifier(product.id), seen.insert(product.id).inserted else {
          fatalError("accepted a bad or duplicate product id \(product.id)")
        }
        // What `buy` reads from the catalog cache is the product itself, and the price text
        // the cache hands over is the one the product would make.
        let text = JSONWriter.compact(CatalogCache.encode(product))
        guard let json = try? JSONParser.parse(text), let cached = CatalogCache.decode(json), cached == product,
          cached.priceText == "\(product.price)"
        else {
          fatalError("the catalog cache changes \(product.id): \(text)")
        }
      }
      loaded.warnings.forEach(console.warning)
    } catch {
      guard case let .catalogInvalid(_, problems) = error, !problems.isEmpty else {
        fatalError("unexpected error \(error)")
      }
      CLI.report(IAPError(error), command: [], json: false, console: console)
    }
    guard diagnostics.allSatisfy({ $0.hasSuffix("\n") && $0.dropLast().firstIndex(of: "\n") == nil }) else {
      fatalError("diagnostics are not one line each: \(diagnostics)")
    }
    // The identifier-list reader shares the parser; it must fail as cleanly.
    _ = try? PlistParser.parse(bytes)
  }
}
