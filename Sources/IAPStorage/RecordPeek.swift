import IAPCore

/// What the index of latest versions (`HistoryIndex`) needs of a log record, read from its
/// bytes without parsing the whole of it: which transaction version it is (id, account,
/// deleted) or that it is a store event that changes no version. Parsing every record of a
/// 100,000-transaction log as JSON was most of `history`'s time; the versions it then reads
/// back are parsed in full.
///
/// A transaction's three members are read by the byte reader's one pass
/// (`TransactionRecordReader.peek`), which passes over members it does not take (escaped,
/// nested); an event is told by its first member, as `LogRecordCodec` writes it. Anything
/// else is `.decode`: the caller parses the record as before, which also reports a damaged
/// one.
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
    guard let found = TransactionRecordReader.peek(record) else { return .decode }
    return .transaction(id: found.id, account: found.account, deleted: found.deleted)
  }

  private static let eventPrefix = Array(#"{"event":""#.utf8)
  private static let clearName = Array(#"clear""#.utf8)
}
