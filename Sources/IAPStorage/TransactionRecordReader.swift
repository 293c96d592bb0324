import IAPCore
import IAPFormats
import IAPSystem

/// Reads a transaction record (and a receipt update, the other record every purchase logs)
/// straight from its bytes, in one pass, without building a `JSONValue` tree: the quick path
/// of `history`, which reads back 100,000 records, of replaying the log past `store.json`,
/// and of `RecordPeek`, which asks only for the id, account and tombstone. Parsing each into a
/// tree and then looking each of its 25 members up by name (a linear scan of string
/// compares) would be most of `history`'s time.
///
/// The members are matched by the record's declaration (`TransactionRecord.Field`), in any
/// order, and decoded by the same rules as the general decoder's (`Field.decode`). It takes
/// compact JSON with known keys each once, strings without escapes, integers, `true`,
/// `false`, `null`. Anything else (an escape, a nested object such as `error` or
/// `refundRequest`, an unknown or repeated key, whitespace, a value the rules refuse) makes
/// `transaction` answer nil, and the caller decodes the record the general way (the one
/// fallback, in `RecordLine.decode`), which also names what is wrong with a damaged one. So
/// the result is always what the general decoder gives.
enum TransactionRecordReader {
  /// The transaction in `record` (one log line without its newline, checksum already
  /// checked), or nil when the general decoder must read it.
  static func transaction(_ record: ArraySlice<UInt8>) -> Transaction? {
    record.withUnsafeBufferPointer { bytes in
      var scanner = Scanner(bytes: bytes, takesAll: true)
      return scanner.withMembers { members in try? TransactionRecord.transaction(members) }
    }
  }

  /// A transaction version or a receipt update read from its bytes; nil when the general
  /// decoder must read the record. The quick reader `RecordLine.decode` tries first.
  static func logRecord(_ record: ArraySlice<UInt8>) -> LogRecord? {
    // An event is written with `"event"` first (`LogRecordCodec`), which is no field's key.
    let event: StaticString = #"{"event""#
    let isEvent = record.withUnsafeBufferPointer { bytes in
      bytes.count > event.utf8CodeUnitCount && RawMemory.equal(bytes.baseAddress!, event.utf8Start, count: event.utf8CodeUnitCount)
    }
    if isEvent { return receiptUpdateAccount(record).map(LogRecord.receiptUpdate) }
    return transaction(record).map(LogRecord.transaction)
  }

  /// The id, account and tombstone flag of the transaction version in `record`, read by the
  /// same pass as `transaction` but without deciding the other members (which may be nested
  /// or escaped); nil when the record must be decoded (not one iap writes, or those three
  /// are not plain).
  static func peek(_ record: ArraySlice<UInt8>) -> (id: UInt64, account: String, deleted: Bool)? {
    record.withUnsafeBufferPointer { bytes in
      var scanner = Scanner(bytes: bytes, takesAll: false)
      let found = scanner.withMembers { members -> (id: UInt64, account: String, deleted: Bool)? in
        guard let id = members.digits(.id), id < TransactionRecord.idLimit, let account = members.stringValue(.account)
        else { return nil }
        if !members.isPresent(.deleted) { return (id, account, false) }
        return members.bool(.deleted).map { (id, account, $0) }
      }
      return scanner.sawUnknownKey ? nil : found
    }
  }

  /// How many keys the reader compared to read `record`'s members (nil when it does not take
  /// the record): at most one walk of the declaration when the members come in its order,
  /// as `TransactionRecord.encode` writes them. For tests.
  static func keyProbes(_ record: ArraySlice<UInt8>) -> Int? {
    record.withUnsafeBufferPointer { bytes in
      var scanner = Scanner(bytes: bytes, takesAll: true)
      return scanner.withMembers { _ in 0 }.map { _ in scanner.probes }
    }
  }

  /// The account of a receipt-update event as iap writes it (`{"event":"receiptUpdate",
  /// "account":"…","crc":N}`), or nil when the general decoder must read the record. Every
  /// purchase logs one, and a `JSONValue` tree for it was costly in replaying a purchase
  /// past `store.json` (docs/performance.md, "Shapes kept for start-up").
  static func receiptUpdateAccount(_ record: ArraySlice<UInt8>) -> String? {
    record.withUnsafeBufferPointer { bytes in
      var scanner = Scanner(bytes: bytes, takesAll: true)
      return scanner.receiptUpdateAccount()
    }
  }
}
