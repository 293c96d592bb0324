/// Serializes `JSONValue`s: pretty (two-space indent) for stdout, compact for state files.
public enum JSONWriter {
  /// Pretty-printed text, ending without a newline; `indent` is the nesting level the value
  /// sits at (for writing a long array one element at a time).
  public static func pretty(_ value: JSONValue, indent: Int = 0) -> String {
    var out: [UInt8] = []
    write(value, into: &out, indent: indent, pretty: true)
    return String(decoding: out, as: UTF8.self)
  }

  /// Single-line text: what the state files hold, one record per line.
  public static func compact(_ value: JSONValue) -> String {
    var out: [UInt8] = []
    write(value, into: &out, indent: 0, pretty: false)
    return String(decoding: out, as: UTF8.self)
  }

  // The text is built as bytes and made a `String` once: appending to a `String` piece by
  // piece was most of what `history --json` spent writing (issue 12).
  private static func write(_ value: JSONValue, into out: inout [UInt8], indent: Int, pretty: Bool) {
    switch value {
    case .null: out.append(contentsOf: "null".utf8)
    case let .bool(b): out.append(contentsOf: (b ? "true" : "false").utf8)
    case let .int(i): writeInteger(i, into: &out)
    case let .double(d): out.append(contentsOf: (d.isFinite ? "\(d)" : "null").utf8)
    case let .string(s): writeString(s, into: &out)
    case let .array(items):
      if items.isEmpty { out.append(contentsOf: "[]".utf8); return }
      out.append(UInt8(ascii: "["))
      for (n, item) in items.enumerated() {
        if n > 0 { out.append(UInt8(ascii: ",")) }
        newline(&out, indent + 1, pretty)
        write(item, into: &out, indent: indent + 1, pretty: pretty)
      }
      newline(&out, indent, pretty)
      out.append(UInt8(ascii: "]"))
    case let .object(members):
      if members.isEmpty { out.append(contentsOf: "{}".utf8); return }
      out.append(UInt8(ascii: "{"))
      for (n, (key, item)) in members.enumerated() {
        if n > 0 { out.append(UInt8(ascii: ",")) }
        newline(&out, indent + 1, pretty)
        writeString(key, into: &out)
        out.append(UInt8(ascii: ":"))
        if pretty { out.append(UInt8(ascii: " ")) }
        write(item, into: &out, indent: indent + 1, pretty: pretty)
      }
      newline(&out, indent, pretty)
      out.append(UInt8(ascii: "}"))
    }
  }

  private static func newline(_ out: inout [UInt8], _ indent: Int, _ pretty: Bool) {
    guard pretty else { return }
    out.append(UInt8(ascii: "\n"))
    out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
  }

  /// The decimal digits of `value`, without making a `String` of them.
  private static func writeInteger(_ value: Int64, into out: inout [UInt8]) {
    if value < 0 { out.append(UInt8(ascii: "-")) }
    // The magnitude as unsigned, so that Int64.min has one too.
    var magnitude = value.magnitude
    let start = out.count
    repeat {
      out.append(UInt8(truncatingIfNeeded: 0x30 + magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    out[start...].reverse()
  }

  /// Escapes what RFC 8259 requires and leaves other Unicode as UTF-8.
  private static func writeString(_ s: String, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    // Most strings need no escape: append them whole rather than scalar by scalar.
    // (Over the contiguous bytes when there are: the generic `contains` was a tenth of a long
    // clock move.)
    func isPlain(_ byte: UInt8) -> Bool { byte >= 0x20 && byte != 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") }
    var plain =
      s.utf8.withContiguousStorageIfAvailable { bytes in
        for byte in bytes where !isPlain(byte) { return false }
        out.append(contentsOf: bytes)
        return true
      }
    if plain == nil, s.utf8.allSatisfy(isPlain) {
      out.append(contentsOf: s.utf8)
      plain = true
    }
    if plain == true {
      out.append(UInt8(ascii: "\""))
      return
    }
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out.append(contentsOf: "\\\"".utf8)
      case "\\": out.append(contentsOf: "\\\\".utf8)
      case "\n": out.append(contentsOf: "\\n".utf8)
      case "\r": out.append(contentsOf: "\\r".utf8)
      case "\t": out.append(contentsOf: "\\t".utf8)
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        let hex = String(scalar.value, radix: 16)
        out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
      default: UTF8.encode(scalar) { out.append($0) }
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
