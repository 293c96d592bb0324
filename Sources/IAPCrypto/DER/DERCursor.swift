/// Reads the elements of a constructed element in order, for types with optional and
/// context-tagged fields such as TBSCertificate: `next` takes a required element,
/// `optional` one that may be absent, and `finish` refuses anything left over.
package struct DERCursor {
  private let elements: [DERElement]
  private var index = 0
  /// Where the constructed element starts, for errors about missing or extra elements.
  private let offset: Int

  /// A cursor over `element`'s children, which must carry `tag` when given.
  package init(_ element: DERElement, tag: UInt8? = nil) throws(DERError) {
    if let tag { try element.expect(tag) }
    elements = element.children
    offset = element.offset
  }

  /// Whether every element has been read.
  package var isAtEnd: Bool { index == elements.count }

  /// The next element, which must exist and (when `tag` is given) carry `tag`.
  package mutating func next(_ tag: UInt8? = nil) throws(DERError) -> DERElement {
    guard index < elements.count else {
      if let tag { throw .unexpectedTag(expected: tag, found: nil, offset: offset) }
      throw .wrongElementCount(offset: offset)
    }
    let element = elements[index]
    if let tag { try element.expect(tag) }
    index += 1
    return element
  }

  /// The next element if it carries `tag`, else nil (and nothing is consumed).
  package mutating func optional(_ tag: UInt8) -> DERElement? {
    guard index < elements.count, elements[index].tag == tag else { return nil }
    index += 1
    return elements[index - 1]
  }

  /// Throws when elements are left unread.
  package func finish() throws(DERError) {
    guard index == elements.count else { throw .wrongElementCount(offset: elements[index].offset) }
  }
}
