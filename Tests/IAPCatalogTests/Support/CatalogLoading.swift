import Foundation

@testable import IAPCatalog

/// A suite that reads catalogs written in the test: the catalog as loaded, or its problems.
protocol CatalogLoading {}

extension CatalogLoading {
  /// `text` read as the catalog file named `file`.
  func load(_ text: String, file: String = "catalog.plist") throws(CatalogError) -> CatalogLoader.Loaded {
    try CatalogLoader.parse(Data(text.utf8), displayPath: file)
  }

  /// The problems reading `text` reports: none when it loads.
  func problems(_ text: String) -> [String] {
    do {
      _ = try load(text)
      return []
    } catch {
      guard case let .catalogInvalid(_, problems) = error else { return ["unexpected \(error)"] }
      return problems
    }
  }
}
