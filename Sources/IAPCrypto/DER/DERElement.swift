#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One parsed DER element: its tag byte, its contents, its whole encoding, where it starts
/// in the parsed input, and (when constructed) its parsed children.
///
/// The accessors read primitive values strictly, throwing `DERError` with this element's
/// offset when the tag or the contents are not the DER form.
package struct DERElement: Equatable, Sendable {
  /// The tag byte.
  package let tag: UInt8
  /// The contents octets (without tag and length).
  package let content: [UInt8]
  /// The whole element: tag, length and contents, exactly as parsed. Signatures cover
  /// these bytes, so they are kept rather than re-encoded.
  package let encoded: [UInt8]
  /// Byte offset of the tag in the input given to `DERParser.parse`.
  package let offset: Int
  /// The elements inside a constructed element; empty for a primitive one.
  package let children: [DERElement]

  /// Whether the constructed bit is set.
  package var isConstructed: Bool { tag & DER.Tag.constructedBit != 0 }

  /// Throws unless the tag is `tag`.
  package func expect(_ tag: UInt8) throws(DERError) {
    guard self.tag == tag else { throw .unexpectedTag(expected: tag, found: self.tag, offset: offset) }
  }

  /// The children of a constructed element with tag `tag`, which must number `count`.
  package func children(_ tag: UInt8, count: ClosedRange<Int>) throws(DERError) -> [DERElement] {
    try expect(tag)
    guard count.contains(children.count) else { throw .wrongElementCount(offset: offset) }
    return children
  }

  /// Checks an INTEGER's contents are present and minimal (X.690 §8.3.2: the first nine
  /// bits are never all zeros or all ones).
  private func integerContent() throws(DERError) -> [UInt8] {
    try expect(DER.Tag.integer)
    guard !content.isEmpty else { throw .invalidInteger(offset: offset) }
    if content.count > 1, (content[0] == 0x00 && content[1] & 0x80 == 0) || (content[0] == 0xFF && content[1] & 0x80 != 0) {
      throw .invalidInteger(offset: offset)
    }
    return content
  }

  /// A non-negative INTEGER as unsigned big-endian bytes: the sign byte 0x00 dropped, so 0
  /// is `[0]` and 128 is `[0x80]`. Throws on a negative value.
  package func unsignedInteger() throws(DERError) -> [UInt8] {
    let bytes = try integerContent()
    guard bytes[0] & 0x80 == 0 else { throw .negativeInteger(offset: offset) }
    return bytes.count > 1 && bytes[0] == 0 ? Array(bytes.dropFirst()) : bytes
  }

  /// An INTEGER that fits in an `Int` (versions, path lengths).
  package func integer() throws(DERError) -> Int {
    let bytes = try integerContent()
    guard bytes.count <= MemoryLayout<Int>.size else { throw .integerOutOfRange(offset: offset) }
    var value = bytes[0] & 0x80 != 0 ? -1 : 0
    for byte in bytes { value = value << 8 | Int(byte) }
    return value
  }

  /// A BOOLEAN; DER allows only 0x00 and 0xFF.
  package func boolean() throws(DERError) -> Bool {
    try expect(DER.Tag.boolean)
    guard content.count == 1, content[0] == 0 || content[0] == 0xFF else { throw .invalidBoolean(offset: offset) }
    return content[0] == 0xFF
  }

  /// Checks this is a NULL.
  package func null() throws(DERError) {
    try expect(DER.Tag.null)
    guard content.isEmpty else { throw .invalidNull(offset: offset) }
  }

  /// An OBJECT IDENTIFIER in dotted form. Arcs must be minimal (no leading 0x80 byte) and
  /// fit 64 bits.
  package func objectIdentifier() throws(DERError) -> String {
    try expect(DER.Tag.objectIdentifier)
    guard !content.isEmpty, content.last! & 0x80 == 0 else { throw .invalidObjectIdentifier(offset: offset) }
    var arcs: [UInt64] = []
    var value: UInt64 = 0
    var startOfArc = true
    for byte in content {
      if startOfArc && byte == 0x80 { throw .invalidObjectIdentifier(offset: offset) }
      guard value >> 57 == 0 else { throw .invalidObjectIdentifier(offset: offset) }
      value = value << 7 | UInt64(byte & 0x7F)
      startOfArc = byte & 0x80 == 0
      if startOfArc {
        arcs.append(value)
        value = 0
      }
    }
    // The first subidentifier folds the first two arcs: 40 × first + second.
    let first = min(arcs[0] / 40, 2)
    let head = [first, arcs[0] - first * 40]
    return (head + arcs.dropFirst()).map(String.init).joined(separator: ".")
  }

  /// A UTCTime or GeneralizedTime as seconds since 1970 (see `DERTime`).
  package func time() throws(DERError) -> Int64 {
    guard tag == DER.Tag.utcTime || tag == DER.Tag.generalizedTime else {
      throw .unexpectedTag(expected: DER.Tag.utcTime, found: tag, offset: offset)
    }
    guard let seconds = DERTime.parse(content, generalized: tag == DER.Tag.generalizedTime) else {
      throw .invalidTime(offset: offset)
    }
    return seconds
  }

  /// A BIT STRING's bytes and its count of unused trailing bits, which must be zero bits.
  package func bitString() throws(DERError) -> (bytes: [UInt8], unusedBits: Int) {
    try expect(DER.Tag.bitString)
    guard let unused = content.first, unused <= 7, unused == 0 || content.count > 1,
      content.count == 1 || content.last! & UInt8((1 << unused) - 1) == 0
    else { throw .invalidBitString(offset: offset) }
    return (Array(content.dropFirst()), Int(unused))
  }

  /// A BIT STRING that holds whole bytes (keys, signatures).
  package func bitStringBytes() throws(DERError) -> [UInt8] {
    let (bytes, unused) = try bitString()
    guard unused == 0 else { throw .invalidBitString(offset: offset) }
    return bytes
  }

  /// An OCTET STRING's bytes.
  package func octetString() throws(DERError) -> [UInt8] {
    try expect(DER.Tag.octetString)
    return content
  }

  /// The text of a directory string: UTF8String, PrintableString, IA5String, T61String
  /// (read as Latin-1, as most software does) or BMPString (UTF-16BE).
  package func string() throws(DERError) -> String {
    switch tag {
    case DER.Tag.utf8String:
      guard let text = String(bytes: content, encoding: .utf8) else { throw .invalidString(offset: offset) }
      return text
    case DER.Tag.printableString, DER.Tag.ia5String:
      guard content.allSatisfy({ $0 < 0x80 }) else { throw .invalidString(offset: offset) }
      return String(decoding: content, as: UTF8.self)
    case DER.Tag.t61String:
      return String(content.map { Character(Unicode.Scalar($0)) })
    case DER.Tag.bmpString:
      guard content.count % 2 == 0 else { throw .invalidString(offset: offset) }
      let units: [UInt16] = stride(from: 0, to: content.count, by: 2).map { (i: Int) -> UInt16 in UInt16(content[i]) << 8 | UInt16(content[i + 1]) }
      return String(decoding: units, as: UTF16.self)
    default:
      throw .unexpectedTag(expected: DER.Tag.utf8String, found: tag, offset: offset)
    }
  }
}
