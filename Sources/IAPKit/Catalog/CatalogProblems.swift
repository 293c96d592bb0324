/// Collects what is wrong with a catalog, every problem rather than the first, each as one
/// line naming the file, the product (index and id), the key, and what was expected.
struct CatalogProblems {
  let file: String
  private(set) var errors: [String] = []
  private(set) var warnings: [String] = []

  init(file: String) { self.file = file }

  /// `file: products[2] (com.x.pear): price: …`
  static func location(product index: Int?, id: String?, key: String?) -> String {
    var parts: [String] = []
    if let index {
      parts.append(id.map { "products[\(index)] (\($0))" } ?? "products[\(index)]")
    }
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

  private func line(_ message: String, _ product: Int?, _ id: String?, _ key: String?) -> String {
    let location = Self.location(product: product, id: id, key: key)
    return location.isEmpty ? "\(file): \(message)" : "\(file): \(location): \(message)"
  }
}
