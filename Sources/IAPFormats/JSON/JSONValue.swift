/// A JSON document as a value, with object keys kept in the order they were written.
///
/// `iap` writes its own JSON rather than using `JSONEncoder` so that output is byte-stable
/// (key order is part of the contract users keep golden files of) and so that the hot path of
/// every command avoids Foundation's reflection-based coders.
package enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case int(Int64)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case let (.bool(a), .bool(b)): return a == b
    case let (.int(a), .int(b)): return a == b
    case let (.double(a), .double(b)): return a == b
    case let (.string(a), .string(b)): return a == b
    case let (.array(a), .array(b)): return a == b
    case let (.object(a), .object(b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: return false
    }
  }

  /// The value stored under `key`, when this is an object that has it.
  package subscript(key: String) -> JSONValue? {
    guard case let .object(members) = self else { return nil }
    // Lengths first (stored, so free): comparing two different keys of 16 bytes or more
    // takes `String`'s slow path, and `iap queue` makes these lookups for every member.
    let length = key.utf8.count
    for member in members where member.0.utf8.count == length && member.0 == key { return member.1 }
    return nil
  }

  /// The string, when this is a string.
  package var stringValue: String? {
    if case let .string(s) = self { return s }
    return nil
  }

  /// The integer, when this is an integer.
  package var intValue: Int64? {
    if case let .int(i) = self { return i }
    return nil
  }

  /// The boolean, when this is a boolean.
  package var boolValue: Bool? {
    if case let .bool(b) = self { return b }
    return nil
  }

  /// The elements, when this is an array.
  package var arrayValue: [JSONValue]? {
    if case let .array(a) = self { return a }
    return nil
  }

  /// The members, when this is an object.
  package var objectValue: [(String, JSONValue)]? {
    if case let .object(o) = self { return o }
    return nil
  }

  /// `.string(s)` or `.null` for nil.
  package static func optional(_ s: String?) -> JSONValue {
    s.map(JSONValue.string) ?? .null
  }
}
