/// A strict RFC 8259 parser for the state files and `.storekit` files.
///
/// Nesting is limited so that hostile input cannot exhaust the stack; invalid UTF-8 in
/// strings is rejected rather than silently replaced.
package struct JSONParser {
  /// Deepest nesting accepted; real documents stay far below it.
  package static let maximumDepth = 200

  /// The text, through a buffer pointer: an array's subscript checks its bounds at every
  /// byte, and every command parses its state's records.
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var depth = 0
  /// The nesting level whose arrays are streamed (0: none), how many such arrays were met,
  /// and where their elements go.
  private var streamDepth = 0
  private var streamedArrays = 0
  private var sink: ((_ array: Int, _ element: JSONValue) -> Void)?

  /// Parses one complete document from `bytes`.
  package static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
    var failure: JSONParseError?
    let value = bytes.withUnsafeBufferPointer { buffer -> JSONValue? in
      do throws(JSONParseError) { return try parse(buffer) } catch {
        failure = error
        return nil
      }
    }
    if let failure { throw failure }
    return value!
  }

  /// Parses one complete document from the bytes `buffer` points to (a line of a log or of a
  /// mapped file, without copying it into an array first).
  package static func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
    var parser = JSONParser(bytes: buffer)
    parser.skipWhitespace()
    let value = try parser.parseValue()
    parser.skipWhitespace()
    if parser.index != buffer.count { throw parser.failure("unexpected text after the document") }
    return value
  }

  /// Parses one complete document from `bytes`, handing each element of the arrays that lie
  /// `depth` levels deep (the document itself is level 1) to `element` as soon as it is
  /// parsed, with the ordinal of its array among those (counting empty ones), instead of
  /// keeping it: those arrays read as empty in the result. A large document whose bulk is
  /// such arrays (a snapshot's payment queues) is then never a tree all at once. `arrays`
  /// is set to how many arrays lie at that level.
  package static func parse(
    _ bytes: [UInt8], streamingArraysAt depth: Int, arrays: inout Int, _ element: (_ array: Int, _ element: JSONValue) -> Void
  ) throws(JSONParseError) -> JSONValue {
    var failure: JSONParseError?
    var count = 0
    let value = withoutActuallyEscaping(element) { element -> JSONValue? in
      bytes.withUnsafeBufferPointer { buffer -> JSONValue? in
        var parser = JSONParser(bytes: buffer)
        parser.streamDepth = depth
        parser.sink = element
        do throws(JSONParseError) {
          parser.skipWhitespace()
          let value = try parser.parseValue()
          parser.skipWhitespace()
          if parser.index != buffer.count { throw parser.failure("unexpected text after the document") }
          count = parser.streamedArrays
          return value
        } catch {
          failure = error
          return nil
        }
      }
    }
    if let failure { throw failure }
    arrays = count
    return value!
  }

  /// Parses one complete document from UTF-8 text.
  package static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
    try parse(Array(text.utf8))
  }

  private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  private func failure(_ reason: String) -> JSONParseError {
    JSONParseError(offset: index, reason: reason)
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  private mutating func parseValue() throws(JSONParseError) -> JSONValue {
    guard index < bytes.count else { throw failure("unexpected end of text") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
    case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
    case UInt8(ascii: "n"): try expectWord("null"); return .null
    default: return try parseNumber()
    }
  }

  private mutating func expectWord(_ word: String) throws(JSONParseError) {
    let expected = Array(word.utf8)
    guard index + expected.count <= bytes.count else { throw failure("unexpected end of text") }
    guard UnsafeBufferPointer(rebasing: bytes[index..<index + expected.count]).elementsEqual(expected) else {
      throw failure("invalid literal")
    }
    index += expected.count
  }

  private mutating func enter() throws(JSONParseError) {
    depth += 1
    if depth > Self.maximumDepth { throw failure("nested deeper than \(Self.maximumDepth) levels") }
  }

  private mutating func parseObject() throws(JSONParseError) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    index += 1
    var members: [(String, JSONValue)] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw failure("expected a string key")
      }
      let key = try parseString()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
      index += 1
      skipWhitespace()
      members.append((key, try parseValue()))
      skipWhitespace()
      guard index < bytes.count else { throw failure("unexpected end of text") }
      if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
      if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
      throw failure("expected ',' or '}'")
    }
  }

  private mutating func parseArray() throws(JSONParseError) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    index += 1
    var items: [JSONValue] = []
    let streamed = depth == streamDepth ? streamedArrays : nil
    if streamed != nil { streamedArrays += 1 }
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
    while true {
      skipWhitespace()
      let item = try parseValue()
      if let streamed { sink!(streamed, item) } else { items.append(item) }
      skipWhitespace()
      guard index < bytes.count else { throw failure("unexpected end of text") }
      if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
      if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
      throw failure("expected ',' or ']'")
    }
  }

  private mutating func parseString() throws(JSONParseError) -> String {
    index += 1
    // Most strings in the state files are plain ASCII without escapes: take those straight
    // from the bytes (ASCII is valid UTF-8 by construction) instead of copying and validating.
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        index += 1
        return string
      }
      if byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: "\\") { break }
      index += 1
    }
    var buffer = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
    while true {
      guard index < bytes.count else { throw failure("unterminated string") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") { index += 1; break }
      if byte < 0x20 { throw failure("control character in string") }
      if byte != UInt8(ascii: "\\") { buffer.append(byte); index += 1; continue }
      index += 1
      guard index < bytes.count else { throw failure("unterminated string") }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
      case UInt8(ascii: "b"): buffer.append(0x08)
      case UInt8(ascii: "f"): buffer.append(0x0C)
      case UInt8(ascii: "n"): buffer.append(0x0A)
      case UInt8(ascii: "r"): buffer.append(0x0D)
      case UInt8(ascii: "t"): buffer.append(0x09)
      case UInt8(ascii: "u"): buffer.append(contentsOf: try parseUnicodeEscape())
      default: throw failure("invalid escape")
      }
    }
    guard let string = String(validating: buffer, as: UTF8.self) else {
      throw failure("invalid UTF-8 in string")
    }
    return string
  }

  private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw failure("truncated \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let c = bytes[index]
      let digit: UInt8
      switch c {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
      default: throw failure("invalid \\u escape")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  /// Decodes `\uXXXX` (with a following low surrogate when needed) into UTF-8 bytes.
  private mutating func parseUnicodeEscape() throws(JSONParseError) -> [UInt8] {
    var code = try parseHex4()
    if (0xD800...0xDBFF).contains(code) {
      guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
        bytes[index + 1] == UInt8(ascii: "u")
      else { throw failure("unpaired surrogate") }
      index += 2
      let low = try parseHex4()
      guard (0xDC00...0xDFFF).contains(low) else { throw failure("unpaired surrogate") }
      code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
    } else if (0xDC00...0xDFFF).contains(code) {
      throw failure("unpaired surrogate")
    }
    guard let scalar = Unicode.Scalar(code) else { throw failure("invalid \\u escape") }
    return Array(String(Character(scalar)).utf8)
  }

  private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
    let start = index
    var isInteger = true
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    let digitsStart = index
    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
    if index == digitsStart { index = start; throw failure("unexpected character") }
    if bytes[digitsStart] == UInt8(ascii: "0"), index - digitsStart > 1 { throw failure("leading zero") }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      let fraction = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
      if index == fraction { throw failure("digits expected after '.'") }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      let exponent = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
      if index == exponent { throw failure("digits expected in exponent") }
    }
    if isInteger, let value = integer(start..<index) { return .int(value) }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    guard let value = Double(text) else { throw failure("invalid number") }
    // 1e999 would become infinity, which JSON cannot write back: the text would change
    // meaning on the next save. Found by fuzzing (scripts/fuzz json).
    guard value.isFinite else { index = start; throw failure("number out of range") }
    return .double(value)
  }

  /// The integer written in `range` (an optional minus and digits), or nil if it does not
  /// fit in 64 bits; read from the bytes without making a `String` first.
  private func integer(_ range: Range<Int>) -> Int64? {
    var position = range.lowerBound
    let negative = bytes[position] == UInt8(ascii: "-")
    if negative { position += 1 }
    var value: Int64 = 0
    while position < range.upperBound {
      let digit = Int64(bytes[position] - UInt8(ascii: "0"))
      let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
      let (next, overflowB) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
      if overflowA || overflowB { return nil }
      value = next
      position += 1
    }
    return value
  }
}
