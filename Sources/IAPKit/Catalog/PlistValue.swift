import Foundation

/// A property-list value with its type kept exact.
///
/// Decoded through `PropertyListDecoder`, which (unlike `PropertyListSerialization` on Linux)
/// keeps `<true/>` and `<integer>1</integer>` apart, so the catalog validator can say
/// "expected a boolean, got 1".
public enum PlistValue: Equatable, Sendable, Decodable {
  case bool(Bool)
  case integer(Int)
  case real(Double)
  case string(String)
  case date(Date)
  case data(Data)
  case array([PlistValue])
  case dictionary([String: PlistValue])

  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .integer(value)
    } else if let value = try? container.decode(Double.self) {
      self = .real(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode(Date.self) {
      self = .date(value)
    } else if let value = try? container.decode(Data.self) {
      self = .data(value)
    } else if let value = try? container.decode([PlistValue].self) {
      self = .array(value)
    } else {
      self = .dictionary(try container.decode([String: PlistValue].self))
    }
  }

  /// Parses XML or binary property-list bytes.
  public static func parse(_ data: Data) throws -> PlistValue {
    try PropertyListDecoder().decode(PlistValue.self, from: data)
  }

  /// How a validation message names the value: strings quoted, numbers as written,
  /// containers by kind.
  public var summary: String {
    switch self {
    case let .bool(b): return b ? "true" : "false"
    case let .integer(i): return String(i)
    case let .real(d): return "\(d)"
    case let .string(s):
      let shown = s.count > 60 ? String(s.prefix(57)) + "..." : s
      return JSONWriter.compact(.string(shown))
    case .date: return "a date"
    case .data: return "data"
    case .array: return "an array"
    case .dictionary: return "a dictionary"
    }
  }
}
