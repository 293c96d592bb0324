import IAPCatalog
import IAPCore
import IAPStorage
import IAPSystem

/// What `useCatalog` installed.
package struct NamespaceCatalogResult: Sendable {
  /// The namespace's catalog file, where later requests read it.
  package var path: String
  /// How many products it sells.
  package var productCount: Int
  /// What a lint of it warns about (it was installed all the same).
  package var warnings: [String]
}

/// A catalog of a namespace's own: a test session's `.storekit` configuration, so that
/// sessions running at once each sell their own products from one server.
extension Workspace {
  /// The namespace's own catalog in `folder` (its state folder), if it was given one.
  static func namespaceCatalog(in folder: String) -> String? {
    StateDirectory.Name.catalogs.lazy.map { folder + "/" + $0 }.first(where: POSIXFile.exists)
  }

  /// Use case: gives this namespace the catalog `contents` (a `.storekit` configuration or a
  /// catalog property list, `name` saying which as a file name would), checked whole first:
  /// an invalid one is refused and the namespace keeps the catalog it had. It outlives `reset`
  /// (it is the namespace's configuration, not its state) and goes with the namespace.
  package func useCatalog(named name: String, contents: [UInt8]) throws(IAPError) -> NamespaceCatalogResult {
    guard namespace != nil else {
      throw .invalidRequest("only a namespace can have a catalog of its own; the state's own store sells the catalog iap serve was given")
    }
    let (catalog, problems) = CatalogLoader.read(contents, displayPath: name)
    // The request's fault, not the server's: an input error, every problem named.
    guard let catalog, problems.errors.isEmpty else { throw .catalog(.inputInvalid(path: name, reason: problems.errors.joined(separator: "; "))) }
    let storeKit = CatalogFormat.detect(contents) == .storeKitConfiguration
    let fileName = storeKit ? StateDirectory.Name.catalogs[0] : StateDirectory.Name.catalogs[1]
    guard let folder = try IAPError.ofState(stateDirectory.folder(create: true)) else {
      throw .state(.unwritable(path: stateDirectory.path, reason: "the namespace's folder cannot be made"))
    }
    do {
      try folder.replaceAtomically(fileName, with: contents)
      for other in StateDirectory.Name.catalogs where other != fileName && folder.exists(other) { try folder.unlink(other) }
    } catch {
      throw .state(.unwritable(path: folder.path(fileName), reason: error.description))
    }
    return NamespaceCatalogResult(path: folder.path(fileName), productCount: catalog.products.count, warnings: problems.warnings)
  }
}
