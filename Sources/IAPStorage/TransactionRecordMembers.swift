import IAPCore
import IAPFormats

/// The members of one transaction record as a reader found them: its bytes read in one pass
/// (`TransactionRecordReader`), or the general parser's tree (`TransactionRecord.decode`).
/// `TransactionRecord.Field.decode(from:into:)` holds the rules, so both readers give the same
/// transaction and refuse the same records.
protocol TransactionRecordMembers {
  /// Whether the record has the member, whatever its value.
  func isPresent(_ field: TransactionRecord.Field) -> Bool
  /// Whether the member is there and null.
  func isNull(_ field: TransactionRecord.Field) -> Bool
  /// The member's string, when it is one.
  func stringValue(_ field: TransactionRecord.Field) -> String?
  /// The member's integer, when it is one.
  func int(_ field: TransactionRecord.Field) -> Int64?
  /// The member's boolean, when it is one.
  func bool(_ field: TransactionRecord.Field) -> Bool?
  /// The member as a tree, when this reader keeps nested values (the byte reader does not:
  /// it leaves such records to the general one).
  func nested(_ field: TransactionRecord.Field) -> JSONValue?
  /// The member's decimal string read as an id, before the range check.
  func unsignedInteger(_ field: TransactionRecord.Field) -> UInt64?
}

extension TransactionRecordMembers {
  func unsignedInteger(_ field: TransactionRecord.Field) -> UInt64? { stringValue(field).flatMap { UInt64($0) } }

  /// A string that must be there.
  func string(_ field: TransactionRecord.Field) throws(RecordError) -> String {
    guard let value = stringValue(field) else { throw RecordError(field: field.name) }
    return value
  }

  /// A string, nil when absent or null.
  func optionalString(_ field: TransactionRecord.Field) throws(RecordError) -> String? {
    if !isPresent(field) || isNull(field) { return nil }
    return try string(field)
  }

  /// One of a closed set of words, which must be there.
  func required<Word>(_ field: TransactionRecord.Field, _ word: (String) -> Word?) throws(RecordError) -> Word {
    guard let value = word(try string(field)) else { throw RecordError(field: field.name) }
    return value
  }

  /// One of a closed set of words, nil when absent or null.
  func optional<Word>(_ field: TransactionRecord.Field, _ word: (String) -> Word?) throws(RecordError) -> Word? {
    guard let text = try optionalString(field) else { return nil }
    guard let value = word(text) else { throw RecordError(field: field.name) }
    return value
  }

  /// An id: a decimal string below `TransactionRecord.idLimit`.
  func id(_ field: TransactionRecord.Field) throws(RecordError) -> UInt64 {
    guard let value = unsignedInteger(field), value < TransactionRecord.idLimit else { throw RecordError(field: field.name) }
    return value
  }

  /// A date (integer milliseconds) that must be there.
  func date(_ field: TransactionRecord.Field) throws(RecordError) -> Timestamp {
    guard let ms = int(field) else { throw RecordError(field: field.name) }
    return Timestamp(milliseconds: ms)
  }

  /// A date, nil when absent or null.
  func optionalDate(_ field: TransactionRecord.Field) throws(RecordError) -> Timestamp? {
    if !isPresent(field) || isNull(field) { return nil }
    return try date(field)
  }

  /// A flag written only when set: false when absent.
  func flag(_ field: TransactionRecord.Field) throws(RecordError) -> Bool {
    if !isPresent(field) { return false }
    guard let value = bool(field) else { throw RecordError(field: field.name) }
    return value
  }
}
