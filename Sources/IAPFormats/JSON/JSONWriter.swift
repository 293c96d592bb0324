/// Serializes `JSONValue`s: pretty (two-space indent) for stdout, compact for state files.
///
/// It writes UTF-8 bytes, not a `String`: appending to a string checks and counts what is
/// appended each time, and a long clock move writes a few kilobytes of records for each
/// renewal.
package enum JSONWriter {
  /// Pretty-printed text, ending without a newline; `indent` is the nesting level the value
  /// sits at (for writing a long array one element at a time).
  package static func pretty(_ value: JSONValue, indent: Int = 0) -> String {
    var out: [UInt8] = []
    write(value, into: &out, indent: indent, pretty: true)
    return String(decoding: out, as: UTF8.self)
  }

  /// Single-line text: what the state files hold, one record per line.
  package static func compact(_ value: JSONValue) -> String {
    var out: [UInt8] = []
    compact(value, into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// `compact(_:)`'s text as UTF-8, appended to `out`.
  package static func compact(_ value: JSONValue, into out: inout [UInt8]) {
    write(value, into: &out, indent: 0, pretty: false)
  }

  private static func write(_ value: JSONValue, into out: inout [UInt8], indent: Int, pretty: Bool) {
    switch value {
    case .null: append("null", to: &out)
    case let .bool(b): append(b ? "true" : "false", to: &out)
    case let .int(i): writeInt(i, into: &out)
    case let .double(d): if d.isFinite { out.append(contentsOf: "\(d)".utf8) } else { append("null", to: &out) }
    case let .string(s): writeString(s, into: &out)
    case let .array(items):
      if items.isEmpty { append("[]", to: &out); return }
      out.append(UInt8(ascii: "["))
      for (n, item) in items.enumerated() {
        if n > 0 { out.append(UInt8(ascii: ",")) }
        newline(&out, indent + 1, pretty)
        write(item, into: &out, indent: indent + 1, pretty: pretty)
      }
      newline(&out, indent, pretty)
      out.append(UInt8(ascii: "]"))
    case let .object(members):
      if members.isEmpty { append("{}", to: &out); return }
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

  private static func append(_ text: StaticString, to out: inout [UInt8]) {
    text.withUTF8Buffer { out.append(contentsOf: $0) }
  }

  private static func newline(_ out: inout [UInt8], _ indent: Int, _ pretty: Bool) {
    guard pretty else { return }
    out.append(UInt8(ascii: "\n"))
    for _ in 0..<(2 * indent) { out.append(UInt8(ascii: " ")) }
  }

  /// Decimal digits, written straight into the bytes.
  private static func writeInt(_ value: Int64, into out: inout [UInt8]) {
    if value < 0 { out.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var divisor: UInt64 = 1
    while magnitude / divisor >= 10 { divisor *= 10 }  // 10 × divisor ≤ magnitude: no overflow
    while divisor > 0 {
      out.append(UInt8(ascii: "0") + UInt8(magnitude / divisor))
      magnitude %= divisor
      divisor /= 10
    }
  }

  /// Whether every byte may stand in a JSON string as it is: no control character (below
  /// 0x20, or 0x7F), quotation mark or backslash. Eight bytes at a time: a signed value's
  /// string is kilobytes long, and the server writes one into every answer. Each test below
  /// tells exactly whether any of the eight bytes is zero, or below 0x20 (the classic
  /// "has a zero byte" bit trick: it may point at the wrong byte, never at none).
  static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasZero(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }
    func hasBelow20(_ word: UInt64) -> Bool { (word &- ones &* 0x20) & ~word & highs != 0 }
    var index = 0
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      while index + 8 <= bytes.count {
        let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        if hasBelow20(word) || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C)) || hasZero(word ^ (ones &* 0x7F)) {
          return false
        }
        index += 8
      }
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
      index += 1
    }
    return true
  }

  /// Escapes what RFC 8259 requires and leaves other Unicode as UTF-8.
  private static func writeString(_ s: String, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    // Most strings need no escape: append their bytes whole rather than scalar by scalar.
    var s = s
    let done: Bool = s.withUTF8 { bytes in
      guard isPlain(bytes) else { return false }
      out.append(contentsOf: bytes)
      return true
    }
    if !done {
      for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": append("\\\"", to: &out)
        case "\\": append("\\\\", to: &out)
        case "\n": append("\\n", to: &out)
        case "\r": append("\\r", to: &out)
        case "\t": append("\\t", to: &out)
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
          let hex = String(scalar.value, radix: 16)
          out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
        default: out.append(contentsOf: String(scalar).utf8)
        }
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
