#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A reader of binary property lists (`bplist00`), as `plutil -convert binary1` writes them.
///
/// Every offset, count and reference is checked against the file before it is followed, so
/// a truncated or hostile file is an error, never an out-of-bounds read. Objects may be shared
/// (the format deduplicates equal values), and are parsed once each; a reference cycle is
/// caught by the nesting limit, and sharing that would expand to an enormous tree by the
/// value limit.
package struct BinaryPlistParser {
  static let magic: [UInt8] = Array("bplist00".utf8)

  private let bytes: [UInt8]
  private let offsetSize: Int
  private let referenceSize: Int
  private let objectCount: Int
  private let offsetTable: Int
  /// Objects already parsed, by number, and how many values each expands to.
  private var parsed: [Int: (value: PlistValue, size: Int)] = [:]
  private var depth = 0

  static func parse(_ bytes: [UInt8]) throws(PlistParseError) -> PlistValue {
    var parser = try BinaryPlistParser(bytes: bytes)
    return try parser.object(parser.topObject).value
  }

  private let topObject: Int

  private init(bytes: [UInt8]) throws(PlistParseError) {
    self.bytes = bytes
    let trailerStart = bytes.count - 32
    guard trailerStart >= Self.magic.count else {
      throw PlistParseError(offset: bytes.count, reason: "binary property list too short for its trailer")
    }
    func trailerError(_ reason: String) -> PlistParseError { PlistParseError(offset: trailerStart, reason: reason) }
    offsetSize = Int(bytes[trailerStart + 6])
    referenceSize = Int(bytes[trailerStart + 7])
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
      throw trailerError("invalid offset or reference size in the trailer")
    }
    let count = Self.bigEndian(bytes, at: trailerStart + 8, size: 8)
    let top = Self.bigEndian(bytes, at: trailerStart + 16, size: 8)
    let table = Self.bigEndian(bytes, at: trailerStart + 24, size: 8)
    // Each object takes at least one byte between the header and the offset table, which
    // bounds every count by the file size before any multiplication.
    guard count >= 1, count <= UInt64(bytes.count), top < count, table >= UInt64(Self.magic.count),
      table <= UInt64(trailerStart), UInt64(trailerStart) - table >= count * UInt64(offsetSize)
    else { throw trailerError("invalid object count, top object or offset table in the trailer") }
    objectCount = Int(count)
    topObject = Int(top)
    offsetTable = Int(table)
  }

  private static func bigEndian(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
    var value: UInt64 = 0
    for i in 0..<size { value = value << 8 | UInt64(bytes[offset + i]) }
    return value
  }

  private func failure(_ offset: Int, _ reason: String) -> PlistParseError {
    PlistParseError(offset: offset, reason: reason)
  }

  /// The offset of object `number`, checked to lie between the header and the offset table.
  private func offset(of number: Int) throws(PlistParseError) -> Int {
    let entry = offsetTable + number * offsetSize
    let value = Self.bigEndian(bytes, at: entry, size: offsetSize)
    guard value >= UInt64(Self.magic.count), value < UInt64(offsetTable) else {
      throw failure(entry, "object \(number) has an offset outside the object area")
    }
    return Int(value)
  }

  /// Reads `size` bytes at `offset`, checked to end before the offset table.
  private func range(_ offset: Int, _ size: Int) throws(PlistParseError) -> Range<Int> {
    guard size >= 0, offset <= offsetTable, size <= offsetTable - offset else {
      throw failure(offset, "object runs past the object area")
    }
    return offset..<(offset + size)
  }

  private mutating func object(_ number: Int) throws(PlistParseError) -> (value: PlistValue, size: Int) {
    if let done = parsed[number] { return done }
    depth += 1
    defer { depth -= 1 }
    if depth > PlistParser.maximumDepth {
      throw failure(offsetTable, "nested deeper than \(PlistParser.maximumDepth) levels (or a reference cycle)")
    }
    let start = try offset(of: number)
    let marker = bytes[start]
    let low = Int(marker & 0x0F)
    var result: (PlistValue, Int)
    switch marker >> 4 {
    case 0x0:
      switch marker {
      case 0x08: result = (.bool(false), 1)
      case 0x09: result = (.bool(true), 1)
      default: throw failure(start, "unsupported object type 0x\(String(marker, radix: 16))")
      }
    case 0x1:
      result = (.integer(try integer(at: start, sizeLog2: low)), 1)
    case 0x2:
      guard low == 2 || low == 3 else { throw failure(start, "invalid real size") }
      let r = try range(start + 1, 1 << low)
      let raw = Self.bigEndian(bytes, at: r.lowerBound, size: r.count)
      result = (.real(low == 2 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw)), 1)
    case 0x3:
      guard marker == 0x33 else { throw failure(start, "invalid date") }
      let r = try range(start + 1, 8)
      let seconds = Double(bitPattern: Self.bigEndian(bytes, at: r.lowerBound, size: 8))
      guard seconds.isFinite else { throw failure(start, "invalid date") }
      result = (.date(Date(timeIntervalSinceReferenceDate: seconds)), 1)
    case 0x4:
      let (count, body) = try length(at: start, low: low)
      result = (.data(Data(bytes[try range(body, count)])), 1)
    case 0x5:
      let (count, body) = try length(at: start, low: low)
      guard let string = String(validating: bytes[try range(body, count)], as: UTF8.self) else {
        throw failure(start, "invalid ASCII string")
      }
      result = (.string(string), 1)
    case 0x6:
      let (count, body) = try length(at: start, low: low)
      guard count <= offsetTable / 2 else { throw failure(start, "object runs past the object area") }
      let r = try range(body, count * 2)
      var units: [UInt16] = []
      units.reserveCapacity(count)
      for i in stride(from: r.lowerBound, to: r.upperBound, by: 2) { units.append(UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])) }
      guard let string = String(validating: units, as: UTF16.self) else { throw failure(start, "invalid UTF-16 string") }
      result = (.string(string), 1)
    case 0xA:
      let (count, body) = try length(at: start, low: low)
      let refs = try references(at: body, count: count)
      var items: [PlistValue] = []
      items.reserveCapacity(count)
      var size = 1
      for ref in refs {
        let child = try object(ref)
        size += child.size
        try checkSize(size, at: start)
        items.append(child.value)
      }
      result = (.array(items), size)
    case 0xD:
      let (count, body) = try length(at: start, low: low)
      guard count <= offsetTable / 2 else { throw failure(start, "object runs past the object area") }
      let refs = try references(at: body, count: count * 2)
      var members: [String: PlistValue] = [:]
      var size = 1
      for i in 0..<count {
        let key = try object(refs[i])
        guard case let .string(name) = key.value else { throw failure(start, "dictionary key is not a string") }
        let value = try object(refs[count + i])
        size += 1 + value.size
        try checkSize(size, at: start)
        members[name] = value.value
      }
      result = (.dictionary(members), size)
    default:
      throw failure(start, "unsupported object type 0x\(String(marker, radix: 16))")
    }
    parsed[number] = result
    return result
  }

  private func checkSize(_ size: Int, at offset: Int) throws(PlistParseError) {
    if size > PlistParser.maximumValues { throw failure(offset, "more than \(PlistParser.maximumValues) values") }
  }

  /// An integer object of `1 << sizeLog2` bytes at `start` (its marker byte).
  private func integer(at start: Int, sizeLog2: Int) throws(PlistParseError) -> Int {
    guard sizeLog2 <= 4 else { throw failure(start, "invalid integer size") }
    let r = try range(start + 1, 1 << sizeLog2)
    if sizeLog2 == 4 {
      // 16-byte integers hold unsigned 64-bit values; the high half must be zero.
      guard Self.bigEndian(bytes, at: r.lowerBound, size: 8) == 0 else { throw failure(start, "integer out of range") }
      let value = Self.bigEndian(bytes, at: r.lowerBound + 8, size: 8)
      guard value <= UInt64(Int.max) else { throw failure(start, "integer out of range") }
      return Int(value)
    }
    let raw = Self.bigEndian(bytes, at: r.lowerBound, size: r.count)
    // Only 8-byte integers are signed; shorter ones are unsigned.
    return r.count == 8 ? Int(Int64(bitPattern: raw)) : Int(raw)
  }

  /// The element count of a collection, string or data object, and where its body starts.
  private func length(at start: Int, low: Int) throws(PlistParseError) -> (count: Int, body: Int) {
    if low != 0x0F { return (low, start + 1) }
    let intStart = start + 1
    guard intStart < offsetTable, bytes[intStart] >> 4 == 0x1 else { throw failure(start, "invalid length") }
    let sizeLog2 = Int(bytes[intStart] & 0x0F)
    let count = try integer(at: intStart, sizeLog2: sizeLog2)
    guard count >= 0, count <= offsetTable else { throw failure(start, "object runs past the object area") }
    return (count, intStart + 1 + (1 << min(sizeLog2, 4)))
  }

  /// `count` object references at `offset`, each checked to name an object.
  private func references(at offset: Int, count: Int) throws(PlistParseError) -> [Int] {
    guard count <= offsetTable / referenceSize else { throw failure(offset, "object runs past the object area") }
    let r = try range(offset, count * referenceSize)
    var refs: [Int] = []
    refs.reserveCapacity(count)
    for position in stride(from: r.lowerBound, to: r.upperBound, by: referenceSize) {
      let ref = Self.bigEndian(bytes, at: position, size: referenceSize)
      guard ref < UInt64(objectCount) else { throw failure(position, "reference to object \(ref) of \(objectCount)") }
      refs.append(Int(ref))
    }
    return refs
  }
}
