import IAPCore
import IAPFormats

/// Collects what is wrong with a catalog, every problem rather than the first, each as one
/// line naming the file, the product (index and id), the key, and what was expected.
package struct CatalogProblems {
  let file: String
  package private(set) var errors: [String] = []
  package private(set) var warnings: [String] = []

  init(file: String) { self.file = file }

  /// `file: products[2] (com.x.pear): price: …`
  static func location(product index: Int?, id: String?, key: String?) -> String {
    location(item: index.map { "products[\($0)]" }, id: id, key: key)
  }

  /// `subscriptionGroups[0].subscriptions[1] (com.x.y): key`: where in the file, which product, which key.
  static func location(item: String?, id: String?, key: String?) -> String {
    var parts: [String] = []
    if let item { parts.append(id.map { "\(item) (\($0))" } ?? item) }
    if let key { parts.append(key) }
    return parts.joined(separator: ": ")
  }

  mutating func error(_ message: String, product: Int? = nil, id: String? = nil, key: String? = nil) {
    errors.append(line(message, product, id, key))
  }

  mutating func warning(_ message: String, product: Int? = nil, id: String? = nil, key: String? = nil) {
    warnings.append(line(message, product, id, key))
  }

  /// "expected …, got …" for a value of the wrong type or form.
  mutating func expected(_ what: String, got value: PlistValue, product: Int? = nil, id: String? = nil, key: String) {
    error("expected \(what), got \(value.summary)", product: product, id: id, key: key)
  }

  /// "missing (expected …)" for a required key.
  mutating func missing(_ what: String, product: Int? = nil, id: String? = nil, key: String) {
    error("missing (expected \(what))", product: product, id: id, key: key)
  }

  /// An error at a place named by a path into the file (`settings._timeRate` is a key).
  mutating func error(_ message: String, at item: String?, id: String? = nil, key: String? = nil) {
    errors.append(line(message, Self.location(item: item, id: id, key: key)))
  }

  /// A warning at a place named by a path into the file.
  mutating func warning(_ message: String, at item: String?, id: String? = nil, key: String? = nil) {
    warnings.append(line(message, Self.location(item: item, id: id, key: key)))
  }

  private func line(_ message: String, _ product: Int?, _ id: String?, _ key: String?) -> String {
    line(message, Self.location(product: product, id: id, key: key))
  }

  private func line(_ message: String, _ location: String) -> String {
    location.isEmpty ? "\(file): \(message)" : "\(file): \(location): \(message)"
  }
}
