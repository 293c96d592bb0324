import IAPCore
import IAPFormats

extension TransactionRecordReader {
  /// One member's value as read: where a string lies, an integer, a boolean, null, or a
  /// value this reader does not take (passed over).
  enum Value {
    case string(Range<Int>)
    case int(Int64)
    case bool(Bool)
    case null
    case other
  }

  /// A single pass over one record's bytes, gathering its members by field.
  struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Whether every member must be taken (`transaction`): the pass gives up at the first one
    /// that is not. Otherwise (`peek`) such members are passed over.
    let takesAll: Bool
    var index = 0
    /// Keys compared so far (`TransactionRecord.Field.named`).
    var probes = 0
    /// A key that is no field's (an event's, say): the record may not be a transaction.
    var sawUnknownKey = false

    init(bytes: UnsafeBufferPointer<UInt8>, takesAll: Bool) {
      self.bytes = bytes
      self.takesAll = takesAll
    }

    /// `body`'s answer for the record's members; nil when the bytes are not a record this
    /// reader takes.
    mutating func withMembers<Result>(_ body: (Members) -> Result?) -> Result? {
      // On the stack: an array per record would be an allocation per record.
      withUnsafeTemporaryAllocation(of: Value?.self, capacity: TransactionRecord.Field.count) { values in
        values.initialize(repeating: nil)
        guard readMembers(into: values) else { return nil }
        return body(Members(bytes: bytes, values: UnsafeBufferPointer(values)))
      }
    }

    private mutating func readMembers(into values: UnsafeMutableBufferPointer<Value?>) -> Bool {
      guard next() == UInt8(ascii: "{") else { return false }
      var previous: TransactionRecord.Field?
      var sawChecksum = false
      while true {
        guard next() == UInt8(ascii: "\""), let keyRange = plainString(), next() == UInt8(ascii: ":") else { return false }
        let key = UnsafeBufferPointer(rebasing: bytes[keyRange])
        if !sawChecksum, key.count == 3, key[0] == UInt8(ascii: "c"), key[1] == UInt8(ascii: "r"), key[2] == UInt8(ascii: "c") {
          // The line's checksum (`RecordLine`), checked before any reader.
          guard case .int? = value() else { return false }
          sawChecksum = true
        } else if let field = TransactionRecord.Field.named(key, after: previous, probes: &probes) {
          // The peek decides three members: the others it only passes over.
          guard let value = takesAll || Self.peeked(field) ? value() : skipValue() else { return false }
          if values[field.rawValue] == nil, !value.isOther {
            values[field.rawValue] = value
          } else {
            // Repeated (the first counts, as for the general parser), or not taken.
            guard !takesAll else { return false }
            if values[field.rawValue] == nil { values[field.rawValue] = value }
          }
          previous = field
        } else {
          guard !takesAll, skipValue() != nil else { return false }
          sawUnknownKey = true
        }
        let separator = next()
        if separator == UInt8(ascii: "}") { break }
        guard separator == UInt8(ascii: ",") else { return false }
      }
      return index == bytes.count
    }

    mutating func receiptUpdateAccount() -> String? {
      guard word(#"{"event":"receiptUpdate","account":""#), let account = plainString(), word(#","crc":"#),
        integer() != nil, next() == UInt8(ascii: "}"), index == bytes.count
      else { return nil }
      return Members.text(account, in: bytes)
    }

    /// The next byte, consumed; nil at the end.
    private mutating func next() -> UInt8? {
      guard index < bytes.count else { return nil }
      defer { index += 1 }
      return bytes[index]
    }

    /// The bytes of a string without escapes or control characters, after its opening quote
    /// and through its closing one.
    private mutating func plainString() -> Range<Int>? {
      let start = index
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          index += 1
          return start..<(index - 1)
        }
        if byte < 0x20 || byte == UInt8(ascii: "\\") { return nil }
        index += 1
      }
      return nil
    }

    private mutating func value() -> Value? {
      guard index < bytes.count else { return nil }
      switch bytes[index] {
      case UInt8(ascii: "\""):
        index += 1
        if let range = plainString() { return .string(range) }
        return skipString() ? .other : nil
      case UInt8(ascii: "t"): return word("true") ? .bool(true) : nil
      case UInt8(ascii: "f"): return word("false") ? .bool(false) : nil
      case UInt8(ascii: "n"): return word("null") ? .null : nil
      case UInt8(ascii: "{"), UInt8(ascii: "["): return skipNested() ? .other : nil
      default:
        let start = index
        if let value = integer() { return .int(value) }
        // A fraction, an exponent, a leading zero or an overflow: passed over.
        index = start
        while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
        return index > start ? .other : nil
      }
    }

    /// The members `TransactionRecordReader.peek` reads.
    private static func peeked(_ field: TransactionRecord.Field) -> Bool {
      field == .id || field == .account || field == .deleted
    }

    /// Any value, passed over without being read (`.other`); nil when the bytes end first.
    private mutating func skipValue() -> Value? {
      guard index < bytes.count else { return nil }
      switch bytes[index] {
      case UInt8(ascii: "\""):
        index += 1
        return skipString() ? .other : nil
      case UInt8(ascii: "{"), UInt8(ascii: "["): return skipNested() ? .other : nil
      default:
        // A number or a literal: up to the separator.
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: ","), bytes[index] != UInt8(ascii: "}") { index += 1 }
        return index > start ? .other : nil
      }
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
      byte &- 0x30 < 10 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
        || byte | 0x20 == UInt8(ascii: "e")
    }

    /// The rest of a string, escapes and all, through its closing quote.
    private mutating func skipString() -> Bool {
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          index += 1
          return true
        }
        index += byte == UInt8(ascii: "\\") ? 2 : 1
      }
      return false
    }

    /// A nested object or array, from its opening bracket through its closing one.
    private mutating func skipNested() -> Bool {
      var depth = 0
      while let byte = next() {
        switch byte {
        case UInt8(ascii: "\""): guard skipString() else { return false }
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 { return true }
        default: break
        }
      }
      return false
    }

    /// Whether `text` comes next, consumed if so.
    private mutating func word(_ text: StaticString) -> Bool {
      let expected = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
      guard index + expected.count <= bytes.count,
        UnsafeBufferPointer(rebasing: bytes[index..<(index + expected.count)]).elementsEqual(expected)
      else { return false }
      index += expected.count
      return true
    }

    /// An integer as JSON writes one (no leading zero), that fits in 64 bits and is not
    /// followed by a fraction or an exponent (which would make it a double).
    private mutating func integer() -> Int64? {
      let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
      if negative { index += 1 }
      let start = index
      var value: Int64 = 0
      while index < bytes.count, case let digit = bytes[index] &- 0x30, digit < 10 {
        let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
        let (sum, overflowB) = negative ? shifted.subtractingReportingOverflow(Int64(digit)) : shifted.addingReportingOverflow(Int64(digit))
        if overflowA || overflowB { return nil }
        value = sum
        index += 1
      }
      guard index > start, bytes[start] != 0x30 || index - start == 1 else { return nil }
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] | 0x20 == UInt8(ascii: "e") { return nil }
      return value
    }
  }
}

extension TransactionRecordReader.Value {
  var isOther: Bool {
    if case .other = self { return true }
    return false
  }
}
