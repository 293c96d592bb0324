#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A strict reader of XML property lists (the `plist` 1.0 DTD), UTF-8 only.
///
/// Accepts what Xcode and `plutil` write: an optional XML declaration, comments and a DOCTYPE,
/// a `<plist>` root (or a bare value), the five predefined entities, numeric character
/// references and CDATA sections. Anything else is a `PlistParseError`, never a trap.
///
/// It reads through an `UnsafeBufferPointer`: slicing an array retains its storage, and a
/// 10,000-product catalog has a quarter of a million tags. Every read is preceded by an
/// explicit bounds check (and the fuzz target runs it under AddressSanitizer).
///
/// The reader is in two files: this one builds values from the document's elements, and
/// `XMLPlistParser+Scanner.swift` scans the markup (tags, character data, entities, comments).
package struct XMLPlistParser {
  // Internal rather than private: the scanner's extension reads and advances them.
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0
  private var depth = 0
  private var values = 0

  static func parse(_ bytes: [UInt8]) throws(PlistParseError) -> PlistValue {
    let result = bytes.withUnsafeBufferPointer { buffer -> Result<PlistValue, PlistParseError> in
      var parser = XMLPlistParser(bytes: buffer)
      do throws(PlistParseError) { return .success(try parser.parseDocument()) } catch { return .failure(error) }
    }
    return try result.get()
  }

  private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  func failure(_ reason: String) -> PlistParseError {
    PlistParseError(offset: index, reason: reason)
  }

  // MARK: - Document

  private mutating func parseDocument() throws(PlistParseError) -> PlistValue {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
      throw failure("UTF-16 property lists are not supported; save it as UTF-8")
    }
    try skipMisc()
    guard index < bytes.count else { throw failure("empty document") }
    let value: PlistValue
    if lookingAt("<plist") {
      let tag = try readTag()
      guard tag.name == "plist", !tag.isClosing else { throw failure("expected <plist>") }
      if tag.isEmpty { throw failure("empty <plist/>") }
      try skipMisc()
      value = try parseValue()
      try skipMisc()
      let end = try readTag()
      guard end.name == "plist", end.isClosing else { throw failure("expected </plist>, got <\(end.display)>") }
    } else {
      value = try parseValue()
    }
    try skipMisc()
    if index != bytes.count { throw failure("unexpected content after the document") }
    return value
  }

  // MARK: - Values

  private mutating func parseValue() throws(PlistParseError) -> PlistValue {
    values += 1
    if values > PlistParser.maximumValues { throw failure("more than \(PlistParser.maximumValues) values") }
    let start = index
    let tag = try readTag()
    if tag.isClosing { index = start; throw failure("unexpected </\(tag.name)>") }
    switch tag.name {
    case "dict": return tag.isEmpty ? .dictionary([:]) : try parseDictionary()
    case "array": return tag.isEmpty ? .array([]) : try parseArray()
    case "true", "false":
      if !tag.isEmpty { try expectClose(tag.name) }
      return .bool(tag.name == "true")
    case "string": return .string(tag.isEmpty ? "" : try text(closing: "string"))
    case "key": index = start; throw failure("<key> outside a <dict>")
    case "integer":
      let text = tag.isEmpty ? "" : try self.text(closing: "integer")
      guard let value = Self.integer(text) else { throw PlistParseError(offset: start, reason: "invalid <integer> \(Self.quoted(text))") }
      return .integer(value)
    case "real":
      let text = tag.isEmpty ? "" : try self.text(closing: "real")
      let trimmed = text.trimmingASCIIWhitespace
      guard !trimmed.isEmpty, trimmed.utf8.count <= 64, let value = Double(trimmed) else {
        throw PlistParseError(offset: start, reason: "invalid <real> \(Self.quoted(text))")
      }
      return .real(value)
    case "date":
      let text = tag.isEmpty ? "" : try self.text(closing: "date")
      guard let stamp = Timestamp(iso8601: text.trimmingASCIIWhitespace) else {
        throw PlistParseError(offset: start, reason: "invalid <date> \(Self.quoted(text))")
      }
      return .date(Date(timeIntervalSince1970: Double(stamp.milliseconds) / 1000))
    case "data":
      let text = tag.isEmpty ? "" : try self.text(closing: "data")
      guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
        throw PlistParseError(offset: start, reason: "invalid base64 in <data>")
      }
      return .data(data)
    default:
      index = start
      throw failure("unknown element <\(tag.display)>")
    }
  }

  private mutating func enter() throws(PlistParseError) {
    depth += 1
    if depth > PlistParser.maximumDepth { throw failure("nested deeper than \(PlistParser.maximumDepth) levels") }
  }

  private mutating func parseArray() throws(PlistParseError) -> PlistValue {
    try enter()
    defer { depth -= 1 }
    var items: [PlistValue] = []
    while true {
      try skipMisc()
      if lookingAt("</") {
        try expectClose("array")
        return .array(items)
      }
      items.append(try parseValue())
    }
  }

  private mutating func parseDictionary() throws(PlistParseError) -> PlistValue {
    try enter()
    defer { depth -= 1 }
    // Collected first and hashed once, at the size they turn out to have.
    var members: [(String, PlistValue)] = []
    while true {
      try skipMisc()
      if lookingAt("</") {
        try expectClose("dict")
        // The last of duplicate keys wins, as in Foundation.
        return .dictionary(Dictionary(members, uniquingKeysWith: { $1 }))
      }
      let start = index
      let tag = try readTag()
      guard tag.name == "key", !tag.isClosing else {
        index = start
        throw failure("expected <key> in <dict>, got <\(tag.display)>")
      }
      let key = tag.isEmpty ? "" : try text(closing: "key")
      try skipMisc()
      guard index < bytes.count else { throw failure("unexpected end of document") }
      if lookingAt("</") { throw failure("<key>\(Self.quoted(key))</key> has no value") }
      members.append((key, try parseValue()))
    }
  }

  /// `<integer>` text: decimal with an optional sign, or `0x` hexadecimal.
  static func integer(_ text: String) -> Int? {
    var body = Substring(text.trimmingASCIIWhitespace)
    var negative = false
    if body.hasPrefix("-") { negative = true; body = body.dropFirst() } else if body.hasPrefix("+") { body = body.dropFirst() }
    var radix = 10
    if body.hasPrefix("0x") || body.hasPrefix("0X") { radix = 16; body = body.dropFirst(2) }
    guard !body.isEmpty, body.utf8.count <= 40, let magnitude = UInt64(body, radix: radix) else { return nil }
    if negative { return magnitude <= UInt64(Int.max) + 1 ? Int(truncatingIfNeeded: 0 &- magnitude) : nil }
    return magnitude <= UInt64(Int.max) ? Int(magnitude) : nil
  }

  /// A short, quoted rendering of bad text for a message.
  static func quoted(_ text: String) -> String {
    JSONWriter.compact(.string(text.count > 40 ? String(text.prefix(37)) + "..." : text))
  }
}

package extension String {
  /// The string without leading and trailing ASCII whitespace.
  var trimmingASCIIWhitespace: String {
    let utf8 = self.utf8
    func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }
    guard let first = utf8.firstIndex(where: { !isSpace($0) }), let last = utf8.lastIndex(where: { !isSpace($0) }) else {
      return ""
    }
    return String(self[first...last])
  }
}
