import IAPCore
import IAPFormats

extension TransactionRecordReader {
  /// The members the byte reader gathered, as `TransactionRecord.Field.decode` reads them.
  struct Members: TransactionRecordMembers {
    let bytes: UnsafeBufferPointer<UInt8>
    let values: UnsafeBufferPointer<Value?>

    func isPresent(_ field: TransactionRecord.Field) -> Bool { values[field.rawValue] != nil }

    func isNull(_ field: TransactionRecord.Field) -> Bool {
      if case .null? = values[field.rawValue] { return true }
      return false
    }

    func stringValue(_ field: TransactionRecord.Field) -> String? {
      guard case let .string(range)? = values[field.rawValue] else { return nil }
      return Self.text(range, in: bytes)
    }

    func int(_ field: TransactionRecord.Field) -> Int64? {
      guard case let .int(value)? = values[field.rawValue] else { return nil }
      return value
    }

    func bool(_ field: TransactionRecord.Field) -> Bool? {
      guard case let .bool(value)? = values[field.rawValue] else { return nil }
      return value
    }

    /// Never: a record with a nested member is the general decoder's.
    func nested(_ field: TransactionRecord.Field) -> JSONValue? { nil }

    func unsignedInteger(_ field: TransactionRecord.Field) -> UInt64? {
      // Anything but plain digits (a sign, say) is read as the general decoder reads it.
      digits(field) ?? stringValue(field).flatMap { UInt64($0) }
    }

    /// A string of 1 to 19 ASCII digits, read without making a `String` of it.
    func digits(_ field: TransactionRecord.Field) -> UInt64? {
      guard case let .string(range)? = values[field.rawValue], (1...19).contains(range.count) else { return nil }
      var id: UInt64 = 0
      for i in range {
        let digit = bytes[i] &- 0x30
        guard digit < 10 else { return nil }
        id = id * 10 + UInt64(digit)
      }
      return id
    }

    /// The string in `range`: ASCII taken as it is, anything else validated as UTF-8 (as
    /// the general parser does); nil when it is not UTF-8.
    static func text(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
      let slice = UnsafeBufferPointer(rebasing: bytes[range])
      // A plain loop: `contains(where:)` called its closure for each byte.
      var ascii = true
      for byte in slice where byte >= 0x80 {
        ascii = false
        break
      }
      if ascii { return String(decoding: slice, as: UTF8.self) }
      return String(validating: slice, as: UTF8.self)
    }
  }
}
