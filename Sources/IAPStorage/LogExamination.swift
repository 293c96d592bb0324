import IAPCore

/// What a full read of one log of the state found: how `iap doctor` sees it.
package struct LogExamination: Sendable {
  /// A record that cannot be used: where it starts and why.
  package struct Damage: Sendable, Equatable {
    package var offset: Int
    package var reason: String
  }

  /// The file's name in the state folder (`transactions.log`).
  package var name: String
  /// Records that are intact.
  package var intact = 0
  /// Records that are damaged, in file order.
  package var damaged: [Damage] = []
  /// Bytes after the last complete record: a write cut short by a crash, dropped at the next
  /// write (not damage: it was never reported).
  package var tornBytes = 0
  /// Bytes that iap wrote (its seal says) and that are gone from the end: records cut off.
  package var cutOff: Int?
  /// The intact lines, newline included, in order: what a repair keeps.
  var kept: [ArraySlice<UInt8>] = []

  /// Reads every line of `bytes` (a whole log) and checks each with `check`.
  init(name: String, bytes: [UInt8], check: (ArraySlice<UInt8>, Int) throws(StateError) -> Void) {
    self.name = name
    var start = 0
    while let newline = bytes[start...].firstIndex(of: 0x0A) {
      do {
        try check(bytes[start..<newline], start)
        intact += 1
        kept.append(bytes[start...newline])
      } catch {
        if case let .damaged(_, offset, reason) = error {
          damaged.append(Damage(offset: offset, reason: reason))
        } else {
          damaged.append(Damage(offset: start, reason: error.message))
        }
      }
      start = newline + 1
    }
    tornBytes = bytes.count - start
  }

  /// Examines the transaction log at `path` (named `name` in findings).
  package static func transactions(_ bytes: [UInt8], path: String) -> LogExamination {
    LogExamination(name: "transactions.log", bytes: bytes) { (line, offset) throws(StateError) in
      _ = try RecordLine.decode(line, at: offset, path: path, LogRecordCodec.decode)
    }
  }

  /// Examines the notification log at `path`.
  package static func notifications(_ bytes: [UInt8], path: String) -> LogExamination {
    LogExamination(name: "notifications.log", bytes: bytes) { (line, offset) throws(StateError) in
      _ = try RecordLine.decode(line, at: offset, path: path, NotificationRecord.decode)
    }
  }
}
