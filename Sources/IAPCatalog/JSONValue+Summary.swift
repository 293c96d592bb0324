import IAPCore
import IAPFormats

package extension JSONValue {
  /// How a validation message names the value, as `PlistValue.summary` does: strings
  /// quoted, numbers as written, containers by kind.
  var summary: String {
    switch self {
    case .null: return "null"
    case let .bool(b): return b ? "true" : "false"
    case let .int(i): return String(i)
    case let .double(d): return "\(d)"
    case let .string(s): return PlistValue.string(s).summary
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  /// The same leaf as a property-list value, so that plist validators (prices) apply;
  /// nil for null and containers.
  var plistLeaf: PlistValue? {
    switch self {
    case let .bool(b): return .bool(b)
    case let .int(i): return .integer(Int(i))
    case let .double(d): return .real(d)
    case let .string(s): return .string(s)
    case .null, .array, .object: return nil
    }
  }

  /// Whether the value holds anything: not null, and not an empty array, object or string.
  var hasContent: Bool {
    switch self {
    case .null: return false
    case let .array(a): return !a.isEmpty
    case let .object(o): return !o.isEmpty
    case let .string(s): return !s.isEmpty
    default: return true
    }
  }
}
