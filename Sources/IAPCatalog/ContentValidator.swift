import IAPCore
import IAPFormats

/// Validates a product's `content` key in `catalog.plist`: a path, relative to the catalog's
/// folder and inside it, to the product's hosted content.
package enum ContentValidator {
  /// The normalized path, or nil when there is none, it is refused (an error), or the product
  /// is not a non-consumable (a warning: StoreKit hosts content only for those).
  static func validate(_ value: PlistValue?, type: ProductType?, index: Int, id: String?, _ problems: inout CatalogProblems)
    -> String?
  {
    guard let value else { return nil }
    guard type == .nonConsumable else {
      if type != nil { problems.warning("only applies to nonConsumable products (ignored)", product: index, id: id, key: "content") }
      return nil
    }
    guard case let .string(text) = value else {
      problems.expected("a file or folder relative to the catalog's folder", got: value, product: index, id: id, key: "content")
      return nil
    }
    do {
      return try ContentPath.normalized(text)
    } catch {
      problems.error("\(value.summary): \(error.message)", product: index, id: id, key: "content")
      return nil
    }
  }
}
