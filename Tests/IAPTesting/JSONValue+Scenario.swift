import IAPFormats

extension JSONValue {
  /// A scalar as a scenario compares it: a string as it is, a number or boolean as JSON
  /// writes it, `null` for null; nil for an array or object.
  package var text: String? {
    switch self {
    case let .string(s): return s
    case let .int(i): return String(i)
    case let .double(d): return String(d)
    case let .bool(b): return b ? "true" : "false"
    case .null: return "null"
    case .array, .object: return nil
    }
  }

  /// The element at `index` of an array, or nil.
  package func at(_ index: Int) -> JSONValue? {
    guard let list = arrayValue, list.indices.contains(index) else { return nil }
    return list[index]
  }

  /// The member `key` of each element of the array `list` (`transactions` by default), as
  /// text ("?" where it is missing or not a scalar).
  package func column(_ key: String, of list: String = "transactions") -> [String] {
    (self[list]?.arrayValue ?? []).map { $0[key]?.text ?? "?" }
  }

  /// The names of an object's members, in order.
  package var keys: [String] { objectValue?.map(\.0) ?? [] }
}
