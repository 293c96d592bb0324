#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A property-list value with its type kept exact.
///
/// `PlistParser` keeps `<true/>` and `<integer>1</integer>` apart (unlike
/// `PropertyListSerialization` on Linux), so the catalog validator can say "expected a
/// boolean, got 1".
package enum PlistValue: Equatable, Sendable {
  case bool(Bool)
  case integer(Int)
  case real(Double)
  case string(String)
  case date(Date)
  case data(Data)
  case array([PlistValue])
  case dictionary([String: PlistValue])

  /// Parses XML or binary property-list bytes (see `PlistParser`).
  package static func parse(_ data: Data) throws(PlistParseError) -> PlistValue {
    try PlistParser.parse([UInt8](data))
  }

  /// How a validation message names the value: strings quoted, numbers as written,
  /// containers by kind.
  package var summary: String {
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
