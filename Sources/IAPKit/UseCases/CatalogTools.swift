import IAPCatalog
import IAPCore
import IAPSystem

/// Every problem of a catalog file.
package struct CatalogLintResult: Sendable {
  /// The catalog as the user named it.
  package var displayPath: String
  /// One formatted line per error (file, product, key): the catalog would not load.
  package var errors: [String]
  /// One formatted line per warning: it loads, but something is ignored or suspicious.
  package var warnings: [String]
}

/// What `catalog convert` asks for.
package struct CatalogConvertRequest: Sendable {
  /// The catalog to convert, as the user named it; nil for the workspace's catalog.
  package var file: String?
  /// Write the plist to this file (as named); nil to return it only.
  package var output: String?

  package init(file: String? = nil, output: String? = nil) {
    self.file = file
    self.output = output
  }
}

/// What became of a converted catalog.
package enum CatalogConvertOutcome: Sendable, Equatable {
  /// Converted; the plist is in `xml` (no output was asked for).
  case converted
  /// Written to the request's `output`.
  case written
  /// Not written: `output` names the file being converted, which would be lost.
  case outputIsSource
}

/// A catalog converted to `catalog.plist` form.
package struct CatalogConvertResult {
  /// The source as the user named it.
  package var displayPath: String
  /// The catalog read.
  package var catalog: Catalog
  /// The equivalent `catalog.plist` (XML), which loads as the same catalog.
  package var xml: String
  /// What could not be mapped (already printed on the console as warnings).
  package var warnings: [String]
  package var outcome: CatalogConvertOutcome
}

extension Workspace {
  /// Use case: checks a catalog (`.storekit` or plist; the workspace's when `file` is nil)
  /// and returns every error and warning instead of stopping at the first. Fails only when
  /// the file cannot be read (66 when missing).
  package func lintCatalog(_ file: String? = nil) throws(IAPError) -> CatalogLintResult {
    let display = file ?? catalogDisplayPath
    let bytes = try IAPError.ofCatalog(CatalogLoader.contents(path: resolve(display), displayPath: display, missing: .inputMissing(path: display)))
    let (_, problems) = CatalogLoader.read(bytes, displayPath: display)
    return CatalogLintResult(displayPath: display, errors: problems.errors, warnings: problems.warnings)
  }

  /// Use case: reads a catalog in either format and makes the equivalent `catalog.plist`,
  /// written atomically to the request's output when there is one (never over the source).
  /// The catalog's warnings go to the console as soon as it is read, so that they are seen
  /// even when writing then fails.
  package func convertCatalog(_ request: CatalogConvertRequest) throws(IAPError) -> CatalogConvertResult {
    let display = request.file ?? catalogDisplayPath
    let path = resolve(display)
    let bytes = try IAPError.ofCatalog(CatalogLoader.contents(path: path, displayPath: display, missing: .inputMissing(path: display)))
    let loaded = try IAPError.ofCatalog(CatalogLoader.parse(bytes: bytes, displayPath: display))
    for warning in loaded.warnings { console.warning(warning) }
    let xml = try IAPError.ofCatalog(CatalogPlistWriter.xml(loaded.catalog, source: display, displayPath: display))
    var result = CatalogConvertResult(displayPath: display, catalog: loaded.catalog, xml: xml, warnings: loaded.warnings, outcome: .converted)
    guard let output = request.output else { return result }
    let target = resolve(output)
    if target == path || POSIXFile.sameFile(target, path) {
      result.outcome = .outputIsSource
      return result
    }
    do { try POSIXFile.writeAtomically(target, Array(xml.utf8)) } catch {
      throw .outputUnwritable(path: output, reason: error.description)
    }
    result.outcome = .written
    return result
  }
}
