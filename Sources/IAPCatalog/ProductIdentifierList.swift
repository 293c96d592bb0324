#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPCore
import IAPFormats
import IAPSystem

/// Reads the product-identifier plist apps ship (`IAP_ProductIDs.plist`): a root array of
/// strings. A root dictionary of strings (`Item 0` → id), which some apps ship, is read too,
/// in the natural order of its keys.
package enum ProductIdentifierList {
  package static func load(path: String, displayPath: String) throws(CatalogError) -> [String] {
    let read: [UInt8]?
    do { read = try InputFile.read(path) } catch { throw error.inputError(path: displayPath) }
    guard let bytes = read else { throw CatalogError.inputMissing(path: displayPath) }
    let root: PlistValue
    do { root = try PlistParser.parse(bytes) } catch {
      throw .inputInvalid(path: displayPath, reason: "not a property list (XML or binary): \(error)")
    }
    switch root {
    case let .array(items):
      return try items.enumerated().map { (index, item) throws(CatalogError) -> String in
        guard case let .string(s) = item else {
          throw .inputInvalid(path: displayPath, reason: "[\(index)]: expected a string, got \(item.summary)")
        }
        return s
      }
    case let .dictionary(dict):
      let keys = dict.keys.sorted(by: NumericOrder.precedes)
      return try keys.map { (key) throws(CatalogError) -> String in
        guard case let .string(s) = dict[key]! else {
          throw .inputInvalid(path: displayPath, reason: "\(key): expected a string, got \(dict[key]!.summary)")
        }
        return s
      }
    default:
      throw .inputInvalid(path: displayPath, reason: "expected an array of product identifiers at the root, got \(root.summary)")
    }
  }
}
