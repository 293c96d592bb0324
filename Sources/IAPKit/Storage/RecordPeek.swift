import IAPCore

/// What `TransactionLogIndex` needs of a log record, read from its bytes without parsing the
/// whole of it: which transaction version it is (id, account, deleted) or that it is a store
/// event that changes no version. Parsing every record of a 100,000-transaction log as JSON
/// was most of `history`'s time; the versions it then reads back are parsed in full.
///
/// It relies on how iap writes records (`TransactionRecord`, `LogRecordCodec`): compact JSON
/// with `"id"` or `"event"` first, quotes inside strings always escaped, so a key pattern such
/// as `,"account":"` can only be the key. Anything else it is unsure of is `.decode`: the
/// caller parses the record as before, which also reports a damaged one. The index is read
/// under the state's lock after the log passed its seal check (`StateSession.load`), so
/// the records are the ones iap wrote.
enum RecordPeek: Equatable {
  case transaction(id: UInt64, account: String, deleted: Bool)
  /// An event that does not change the latest versions (all but `clear`).
  case otherEvent
  case decode

  static func peek(_ record: ArraySlice<UInt8>) -> RecordPeek {
    if record.starts(with: eventPrefix) {
      let name = record.dropFirst(eventPrefix.count)
      return name.starts(with: clearName) ? .decode : .otherEvent
    }
    guard record.starts(with: idPrefix) else { return .decode }
    var id: UInt64 = 0
    var index = record.startIndex + idPrefix.count
    var digits = 0
    while index < record.endIndex, record[index] != quote {
      let digit = record[index] &- 0x30
      guard digit < 10, digits < 19 else { return .decode }
      id = id * 10 + UInt64(digit)
      digits += 1
      index += 1
    }
    guard digits > 0, index < record.endIndex, id < TransactionRecord.idLimit else { return .decode }
    guard let key = find(accountKey, in: record[index...]) else { return .decode }
    let start = key + accountKey.count
    guard let end = record[start...].firstIndex(of: quote), !record[start..<end].contains(backslash) else { return .decode }
    let deleted = find(deletedTrue, in: record[end...]) != nil
    return .transaction(id: id, account: String(decoding: record[start..<end], as: UTF8.self), deleted: deleted)
  }

  private static let quote = UInt8(ascii: "\"")
  private static let backslash = UInt8(ascii: "\\")
  private static let idPrefix = Array(#"{"id":""#.utf8)
  private static let eventPrefix = Array(#"{"event":""#.utf8)
  private static let clearName = Array(#"clear""#.utf8)
  private static let accountKey = Array(#","account":""#.utf8)
  private static let deletedTrue = Array(#","deleted":true"#.utf8)

  /// The index where `pattern` first starts in `bytes`.
  private static func find(_ pattern: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
    guard let first = pattern.first, bytes.count >= pattern.count else { return nil }
    var index = bytes.startIndex
    let last = bytes.endIndex - pattern.count
    while index <= last {
      guard let hit = bytes[index...last].firstIndex(of: first) else { return nil }
      if bytes[hit..<hit + pattern.count].elementsEqual(pattern) { return hit }
      index = hit + 1
    }
    return nil
  }
}
