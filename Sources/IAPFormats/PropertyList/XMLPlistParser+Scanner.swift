/// The markup scanner of `XMLPlistParser`: whitespace, comments, processing instructions and
/// the DOCTYPE between elements, tags, character data with its entities and CDATA sections,
/// and the byte-level matching they share. Every read is bounds-checked against `bytes`.
extension XMLPlistParser {
  // MARK: - Between elements

  /// Skips whitespace, comments, processing instructions and a DOCTYPE.
  mutating func skipMisc() throws(PlistParseError) {
    while true {
      skipWhitespace()
      if lookingAt("<!--") {
        try skip(past: "-->", what: "comment")
      } else if lookingAt("<?") {
        try skip(past: "?>", what: "processing instruction")
      } else if lookingAt("<!DOCTYPE") {
        try skipDoctype()
      } else {
        return
      }
    }
  }

  private mutating func skipDoctype() throws(PlistParseError) {
    var brackets = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "[") { brackets += 1 }
      if byte == UInt8(ascii: "]") { brackets -= 1 }
      if byte == UInt8(ascii: ">") && brackets <= 0 { return }
    }
    throw failure("unterminated DOCTYPE")
  }

  // MARK: - Tags and text

  /// One tag: its name, and whether it is `</name>` or `<name/>`.
  struct Tag {
    var name: String
    var isClosing: Bool
    var isEmpty: Bool
    var display: String { isClosing ? "/" + name : name }
  }

  /// Reads `<name attr="…">`, `</name>` or `<name/>`.
  mutating func readTag() throws(PlistParseError) -> Tag {
    guard index < bytes.count else { throw failure("unexpected end of document") }
    guard bytes[index] == UInt8(ascii: "<") else { throw failure("expected an element") }
    index += 1
    var closing = false
    if index < bytes.count, bytes[index] == UInt8(ascii: "/") { closing = true; index += 1 }
    let nameStart = index
    while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
    guard index > nameStart, index - nameStart <= 64 else { throw failure("expected an element name") }
    let name = Self.tagName(bytes[nameStart..<index])
    // Attributes (only <plist version="1.0"> has any) are skipped, quotes respected.
    var quote: UInt8?
    while index < bytes.count {
      let byte = bytes[index]
      if let q = quote {
        if byte == q { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        let empty = index > nameStart && bytes[index - 1] == UInt8(ascii: "/")
        index += 1
        if closing && empty { throw failure("malformed tag </\(name)/>") }
        return Tag(name: name, isClosing: closing, isEmpty: empty)
      } else if byte == UInt8(ascii: "<") {
        break
      }
      index += 1
    }
    throw failure("unterminated tag <\(name)")
  }

  mutating func expectClose(_ name: String) throws(PlistParseError) {
    let start = index
    let tag = try readTag()
    guard tag.isClosing, tag.name == name else {
      index = start
      throw failure("expected </\(name)>, got <\(tag.display)>")
    }
  }

  /// The character data up to `</name>`, with entities and CDATA decoded.
  mutating func text(closing name: String) throws(PlistParseError) -> String {
    let start = index
    var buffer: [UInt8] = []
    var plain = true
    while true {
      guard index < bytes.count else { throw failure("unterminated <\(name)>") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "<") {
        if lookingAt("<![CDATA[") {
          if plain { buffer.append(contentsOf: bytes[start..<index]); plain = false }
          index += 9
          let end = try find("]]>", what: "CDATA section")
          buffer.append(contentsOf: bytes[index..<end])
          index = end + 3
          continue
        }
        if lookingAt("<!--") {
          if plain { buffer.append(contentsOf: bytes[start..<index]); plain = false }
          try skip(past: "-->", what: "comment")
          continue
        }
        let end = index
        try expectClose(name)
        guard let string = plain ? Self.string(bytes[start..<end]) : Self.string(buffer[...]) else {
          throw PlistParseError(offset: start, reason: "invalid UTF-8 in <\(name)>")
        }
        return string
      }
      if byte == UInt8(ascii: "&") {
        if plain { buffer.append(contentsOf: bytes[start..<index]); plain = false }
        buffer.append(contentsOf: try entity())
        continue
      }
      if !plain { buffer.append(byte) }
      index += 1
    }
  }

  /// Decodes `&amp;`, `&#233;` or `&#xE9;` at `index`.
  private mutating func entity() throws(PlistParseError) -> [UInt8] {
    let start = index
    index += 1
    let nameStart = index
    while index < bytes.count, bytes[index] != UInt8(ascii: ";"), index - nameStart < 12 { index += 1 }
    guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
      index = start
      throw failure("unterminated entity reference")
    }
    let name = Self.tagName(bytes[nameStart..<index])
    index += 1
    switch name {
    case "lt": return [UInt8(ascii: "<")]
    case "gt": return [UInt8(ascii: ">")]
    case "amp": return [UInt8(ascii: "&")]
    case "quot": return [UInt8(ascii: "\"")]
    case "apos": return [UInt8(ascii: "'")]
    default: break
    }
    var code: UInt32?
    if name.hasPrefix("#x") || name.hasPrefix("#X") {
      code = UInt32(name.dropFirst(2), radix: 16)
    } else if name.hasPrefix("#") {
      code = UInt32(name.dropFirst(), radix: 10)
    }
    guard let code, code != 0, let scalar = Unicode.Scalar(code) else {
      index = start
      throw failure("unknown entity &\(name);")
    }
    return Array(String(Character(scalar)).utf8)
  }

  // MARK: - Bytes

  func lookingAt(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    let pointer = literal.utf8Start
    for offset in 0..<count where bytes[index + offset] != pointer[offset] { return false }
    return true
  }

  /// The index where `literal` next starts, from `index` on.
  private func find(_ literal: StaticString, what: String) throws(PlistParseError) -> Int {
    let count = literal.utf8CodeUnitCount
    let pointer = literal.utf8Start
    var position = index
    while position + count <= bytes.count {
      if bytes[position] == pointer[0] {
        var match = true
        for offset in 1..<count where bytes[position + offset] != pointer[offset] { match = false; break }
        if match { return position }
      }
      position += 1
    }
    throw failure("unterminated \(what)")
  }

  private mutating func skip(past literal: StaticString, what: String) throws(PlistParseError) {
    index = try find(literal, what: what) + literal.utf8CodeUnitCount
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
      index += 1
    }
  }

  /// The text of `bytes`, or nil if it is not valid UTF-8. ASCII, what catalogs mostly
  /// hold, skips the general validation.
  private static func string<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
    if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
    return String(validating: bytes, as: UTF8.self)
  }

  /// A tag's name. The names a plist uses are recognized by length and first letter, then
  /// compared byte by byte, and come from literals: no allocation for the common case.
  private static func tagName(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
    func matches(_ literal: StaticString) -> Bool {
      guard literal.utf8CodeUnitCount == bytes.count else { return false }
      var pointer = literal.utf8Start
      for byte in bytes {
        if byte != pointer.pointee { return false }
        pointer += 1
      }
      return true
    }
    let known: StaticString?
    switch (bytes.count, bytes.first ?? 0) {
    case (3, UInt8(ascii: "k")): known = "key"
    case (4, UInt8(ascii: "d")): known = matches("dict") ? "dict" : matches("date") ? "date" : "data"
    case (4, UInt8(ascii: "t")): known = "true"
    case (4, UInt8(ascii: "r")): known = "real"
    case (5, UInt8(ascii: "a")): known = "array"
    case (5, UInt8(ascii: "f")): known = "false"
    case (5, UInt8(ascii: "p")): known = "plist"
    case (6, UInt8(ascii: "s")): known = "string"
    case (7, UInt8(ascii: "i")): known = "integer"
    default: known = nil
    }
    if let known, matches(known) { return known.description }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
  }
}
