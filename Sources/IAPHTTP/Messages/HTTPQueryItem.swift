/// One `name=value` pair of a query string or a form body, percent-decoded.
package struct HTTPQueryItem: Equatable, Sendable {
  package var name: String
  package var value: String

  package init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }

  /// The pairs of `text` (`a=1&b=&c`), decoded; nil when an escape is malformed or the
  /// decoded bytes are not UTF-8.
  ///
  /// `+` stays a plus sign in a URL's query (RFC 3986 gives it no meaning, and Apple's
  /// parameters such as `revision` are base64 that may hold one); only a form body
  /// (`application/x-www-form-urlencoded`) reads it as a space. A name without `=` has the
  /// empty value; empty pieces (`a=1&&b=2`) are skipped.
  package static func parse<S: StringProtocol>(_ text: S, plusIsSpace: Bool) -> [HTTPQueryItem]? {
    var items: [HTTPQueryItem] = []
    for piece in text.split(separator: "&", omittingEmptySubsequences: true) {
      let equals = piece.firstIndex(of: "=")
      let rawName = equals.map { piece[..<$0] } ?? piece[...]
      let rawValue = equals.map { piece[piece.index(after: $0)...] } ?? ""
      guard let name = percentDecode(rawName, plusIsSpace: plusIsSpace),
        let value = percentDecode(rawValue, plusIsSpace: plusIsSpace)
      else { return nil }
      items.append(HTTPQueryItem(name, value))
    }
    return items
  }

  /// `text` with each `%XX` replaced by its byte (and `+` by a space, if asked); nil when a
  /// `%` is not followed by two hex digits or the result is not UTF-8.
  package static func percentDecode<S: StringProtocol>(_ text: S, plusIsSpace: Bool = false) -> String? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "%"):
        guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
        bytes.append(high << 4 | low)
      case UInt8(ascii: "+") where plusIsSpace:
        bytes.append(UInt8(ascii: " "))
      default:
        bytes.append(byte)
      }
    }
    // Strict: a lossy decoding would hand the application a name it was never sent. (A round
    // trip rather than `String(validating:)`, which older Darwin releases lack.)
    let decoded = String(decoding: bytes, as: UTF8.self)
    return decoded.utf8.elementsEqual(bytes) ? decoded : nil
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
