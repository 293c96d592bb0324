/// The header fields of a request or a response, in the order they came, names compared
/// without regard to case (RFC 9110 §5.1).
///
/// Repeated fields are kept as they came rather than folded into one comma-separated value:
/// a few fields (`Set-Cookie`) cannot be folded, and the parser needs to see a repeated
/// `Content-Length` or `Host` to refuse it.
package struct HTTPHeaders: Equatable, Sendable, Sequence {
  /// One field: its name as written and its value without surrounding whitespace.
  package struct Field: Equatable, Sendable {
    package var name: String
    package var value: String

    package init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  package private(set) var fields: [Field] = []

  package init() {}

  package init(_ pairs: [(String, String)]) {
    fields = pairs.map { Field(name: $0.0, value: $0.1) }
  }

  /// The first value of `name`, or nil.
  package subscript(name: String) -> String? {
    fields.first { Self.same($0.name, name) }?.value
  }

  /// Every value of `name`, in order.
  package func values(_ name: String) -> [String] {
    fields.filter { Self.same($0.name, name) }.map(\.value)
  }

  package func contains(_ name: String) -> Bool { fields.contains { Self.same($0.name, name) } }

  /// Adds a field, keeping any others of the same name.
  package mutating func add(_ name: String, _ value: String) {
    fields.append(Field(name: name, value: value))
  }

  /// Replaces every field of `name` with one.
  package mutating func set(_ name: String, _ value: String) {
    remove(name)
    add(name, value)
  }

  package mutating func remove(_ name: String) {
    fields.removeAll { Self.same($0.name, name) }
  }

  /// Whether a comma-separated list field (`Connection`, `Transfer-Encoding`) holds `token`,
  /// in any of its fields and in any case.
  package func hasToken(_ token: String, in name: String) -> Bool {
    values(name).contains { value in
      value.split(separator: ",").contains { Self.same($0.trimmingSpaces, token) }
    }
  }

  package func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

  /// ASCII case-insensitive comparison: header names are tokens, always ASCII.
  package static func same<A: StringProtocol, B: StringProtocol>(_ a: A, _ b: B) -> Bool {
    a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { lower($0) == lower($1) }
  }

  private static func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
}

extension StringProtocol {
  /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
  package var trimmingSpaces: Substring {
    let text = Substring(self)
    let start = text.firstIndex { $0 != " " && $0 != "\t" } ?? text.endIndex
    let end = text.lastIndex { $0 != " " && $0 != "\t" }.map { text.index(after: $0) } ?? start
    return text[start..<Swift.max(start, end)]
  }
}
