/// Why DER bytes were refused, and the byte offset (in the bytes given to the parser) of
/// the element or length at fault.
package enum DERError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The input ends inside a tag, a length or the contents the length announces.
  case truncated(offset: Int)
  /// Length byte 0x80: the indefinite form, which DER forbids.
  case indefiniteLength(offset: Int)
  /// A long-form length with a leading zero byte, or one that fits the short form.
  case nonMinimalLength(offset: Int)
  /// A length of more than four length bytes, far beyond anything parsed here.
  case lengthTooLarge(offset: Int)
  /// A tag number above 30 (multi-byte tag), which no format parsed here uses.
  case unsupportedTag(offset: Int)
  /// Bytes after the outermost element.
  case trailingBytes(offset: Int)
  /// Constructed elements nested deeper than the parser's limit.
  case tooDeep(offset: Int)
  /// Another element was expected here (`expected` and `found` are tag bytes; a missing
  /// element is reported with `found` nil).
  case unexpectedTag(expected: UInt8, found: UInt8?, offset: Int)
  /// A SEQUENCE or other constructed element has more or fewer elements than its type allows.
  case wrongElementCount(offset: Int)
  /// An INTEGER that is empty or not minimally encoded.
  case invalidInteger(offset: Int)
  /// An INTEGER that must be positive (or non-negative) is negative.
  case negativeInteger(offset: Int)
  /// An INTEGER too large for where it is used.
  case integerOutOfRange(offset: Int)
  /// A BOOLEAN that is not exactly one byte 0x00 or 0xFF.
  case invalidBoolean(offset: Int)
  /// A NULL with contents.
  case invalidNull(offset: Int)
  /// An OBJECT IDENTIFIER that is empty, ends mid-arc, pads an arc with 0x80 or overflows.
  case invalidObjectIdentifier(offset: Int)
  /// A time that is not DER's `YYMMDDHHMMSSZ` / `YYYYMMDDHHMMSSZ` with a real date.
  case invalidTime(offset: Int)
  /// A BIT STRING with no unused-bits byte, a count above 7, or non-zero unused bits.
  case invalidBitString(offset: Int)
  /// A string whose bytes are not valid for its type.
  case invalidString(offset: Int)

  /// The byte offset the error names.
  package var offset: Int {
    switch self {
    case let .truncated(o), let .indefiniteLength(o), let .nonMinimalLength(o), let .lengthTooLarge(o),
      let .unsupportedTag(o), let .trailingBytes(o), let .tooDeep(o), let .unexpectedTag(_, _, o),
      let .wrongElementCount(o), let .invalidInteger(o), let .negativeInteger(o), let .integerOutOfRange(o),
      let .invalidBoolean(o), let .invalidNull(o), let .invalidObjectIdentifier(o), let .invalidTime(o),
      let .invalidBitString(o), let .invalidString(o):
      return o
    }
  }

  package var description: String {
    let what: String
    switch self {
    case .truncated: what = "input ends inside an element"
    case .indefiniteLength: what = "indefinite length (not DER)"
    case .nonMinimalLength: what = "length not minimally encoded"
    case .lengthTooLarge: what = "length too large"
    case .unsupportedTag: what = "multi-byte tag"
    case .trailingBytes: what = "trailing bytes after the element"
    case .tooDeep: what = "elements nested too deeply"
    case let .unexpectedTag(expected, found, _):
      what = "expected tag 0x\(String(expected, radix: 16)), found " + (found.map { "0x" + String($0, radix: 16) } ?? "nothing")
    case .wrongElementCount: what = "wrong number of elements"
    case .invalidInteger: what = "INTEGER not minimally encoded"
    case .negativeInteger: what = "negative INTEGER"
    case .integerOutOfRange: what = "INTEGER out of range"
    case .invalidBoolean: what = "BOOLEAN not 0x00 or 0xFF"
    case .invalidNull: what = "NULL with contents"
    case .invalidObjectIdentifier: what = "malformed OBJECT IDENTIFIER"
    case .invalidTime: what = "malformed time"
    case .invalidBitString: what = "malformed BIT STRING"
    case .invalidString: what = "malformed string"
    }
    return "DER: \(what) at offset \(offset)"
  }
}
