/// A strict DER parser: the whole input must be exactly one element, every length definite
/// and minimal, every tag a single byte, constructed elements nested at most `maxDepth`
/// deep. The tree is parsed eagerly, so every byte is checked before any value is used and
/// a hostile input costs time linear in its size.
///
/// Primitive values (INTEGER, OID, times…) are checked when read through `DERElement`'s
/// accessors; contents that hold DER of their own (an extension's OCTET STRING, a BIT
/// STRING key) are parsed again with a new call, each bounded the same way.
package enum DERParser {
  /// Nesting allowed by default: X.509 certificates need about 8 levels.
  package static let defaultMaxDepth = 16

  /// Parses `bytes` as one DER element with nothing after it.
  package static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(DERError) -> DERElement {
    var index = 0
    let element = try parseElement(bytes, at: &index, end: bytes.count, depth: 1, maxDepth: maxDepth)
    guard index == bytes.count else { throw .trailingBytes(offset: index) }
    return element
  }

  /// The element starting at `index` (which ends up just past it), its contents within `end`.
  private static func parseElement(
    _ bytes: [UInt8], at index: inout Int, end: Int, depth: Int, maxDepth: Int
  ) throws(DERError) -> DERElement {
    let start = index
    guard index < end else { throw .truncated(offset: start) }
    let tag = bytes[index]
    guard tag & 0x1F != 0x1F else { throw .unsupportedTag(offset: start) }
    index += 1
    guard index < end else { throw .truncated(offset: start) }
    let first = bytes[index]
    index += 1
    var length = 0
    if first < 0x80 {
      length = Int(first)
    } else {
      let count = Int(first & 0x7F)
      if count == 0 { throw .indefiniteLength(offset: start) }
      guard count <= 4 else { throw .lengthTooLarge(offset: start) }
      guard end - index >= count else { throw .truncated(offset: start) }
      guard bytes[index] != 0 else { throw .nonMinimalLength(offset: start) }
      for _ in 0..<count {
        length = length << 8 | Int(bytes[index])
        index += 1
      }
      guard length >= 0x80 else { throw .nonMinimalLength(offset: start) }
    }
    guard end - index >= length else { throw .truncated(offset: start) }
    let contentStart = index
    let contentEnd = index + length
    var children: [DERElement] = []
    if tag & DER.Tag.constructedBit != 0 {
      guard depth < maxDepth || length == 0 else { throw .tooDeep(offset: start) }
      while index < contentEnd {
        children.append(try parseElement(bytes, at: &index, end: contentEnd, depth: depth + 1, maxDepth: maxDepth))
      }
    }
    index = contentEnd
    return DERElement(
      tag: tag, content: Array(bytes[contentStart..<contentEnd]), encoded: Array(bytes[start..<contentEnd]),
      offset: start, children: children)
  }
}
