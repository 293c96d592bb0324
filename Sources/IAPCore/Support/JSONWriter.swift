/// Serializes `JSONValue`s: pretty (two-space indent) for stdout, compact for state files.
public enum JSONWriter {
  /// Pretty-printed text, ending without a newline; `indent` is the nesting level the value
  /// sits at (for writing a long array one element at a time).
  public static func pretty(_ value: JSONValue, indent: Int = 0) -> String {
    var out = ""
    write(value, into: &out, indent: indent, pretty: true)
    return out
  }

  /// Single-line text: what the state files hold, one record per line.
  public static func compact(_ value: JSONValue) -> String {
    var out = ""
    write(value, into: &out, indent: 0, pretty: false)
    return out
  }

  private static func write(_ value: JSONValue, into out: inout String, indent: Int, pretty: Bool) {
    switch value {
    case .null: out += "null"
    case let .bool(b): out += b ? "true" : "false"
    case let .int(i): out += String(i)
    case let .double(d): out += d.isFinite ? "\(d)" : "null"
    case let .string(s): writeString(s, into: &out)
    case let .array(items):
      if items.isEmpty { out += "[]"; return }
      out += "["
      for (n, item) in items.enumerated() {
        if n > 0 { out += "," }
        newline(&out, indent + 1, pretty)
        write(item, into: &out, indent: indent + 1, pretty: pretty)
      }
      newline(&out, indent, pretty)
      out += "]"
    case let .object(members):
      if members.isEmpty { out += "{}"; return }
      out += "{"
      for (n, (key, item)) in members.enumerated() {
        if n > 0 { out += "," }
        newline(&out, indent + 1, pretty)
        writeString(key, into: &out)
        out += pretty ? ": " : ":"
        write(item, into: &out, indent: indent + 1, pretty: pretty)
      }
      newline(&out, indent, pretty)
      out += "}"
    }
  }

  private static func newline(_ out: inout String, _ indent: Int, _ pretty: Bool) {
    guard pretty else { return }
    out += "\n"
    out += String(repeating: "  ", count: indent)
  }

  /// Escapes what RFC 8259 requires and leaves other Unicode as UTF-8.
  private static func writeString(_ s: String, into out: inout String) {
    out += "\""
    // Most strings need no escape: append them whole rather than scalar by scalar.
    // (Over the contiguous bytes when there are: the generic `contains` was a tenth of a long
    // clock move.)
    func isPlain(_ byte: UInt8) -> Bool { byte >= 0x20 && byte != 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") }
    let plain =
      s.utf8.withContiguousStorageIfAvailable { bytes in
        for byte in bytes where !isPlain(byte) { return false }
        return true
      } ?? s.utf8.allSatisfy(isPlain)
    if plain {
      out += s
      out += "\""
      return
    }
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}
