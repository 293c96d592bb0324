import IAPCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `examineState` found, and what a repair did.
public struct DoctorResult: Sendable {
  /// Each log, read whole.
  public var logs: [LogExamination]
  /// Problems outside the logs (`store.json`, the recorded damage).
  public var problems: [String]
  /// What the repair did, one line each, when one was asked for and needed.
  public var repairs: [String] = []

  /// Whether anything is damaged (before any repair).
  public var isDamaged: Bool { !problems.isEmpty || logs.contains { !$0.damaged.isEmpty } }
}

extension Workspace {
  /// Use case: reads every record of the state's logs, checks its checksum and content, and
  /// checks `store.json` against the logs; with `repair`, salvages every intact record into
  /// new logs (the damaged files are kept beside them as `NAME.damaged-N`), drops the
  /// snapshot so that the next command folds the logs afresh, and clears the recorded damage.
  public func examineState(repair: Bool) throws(IAPError) -> DoctorResult {
    let folder = stateDirectory
    try folder.checkFolder()
    guard POSIXFile.exists(folder.path) else { return DoctorResult(logs: [], problems: []) }
    let lock = try folder.acquireLock(exclusive: repair)
    defer { if let lock { close(lock) } }
    func read(_ path: String) throws(IAPError) -> [UInt8] {
      do { return try POSIXFile.readIfExists(path) ?? [] } catch { throw .stateUnreadable(path: path, reason: error.description) }
    }
    let transactionBytes = try read(folder.logPath)
    let notificationBytes = try read(folder.notificationsPath)
    var result = DoctorResult(
      logs: [
        .transactions(transactionBytes, path: folder.logPath), .notifications(notificationBytes, path: folder.notificationsPath),
      ],
      problems: [])
    if let bytes = try? POSIXFile.readIfExists(folder.snapshotPath) {
      do {
        let (_, offsets) = try SnapshotCodec.decode(try JSONParser.parse(bytes))
        if offsets.transactions > transactionBytes.count || offsets.notifications > notificationBytes.count {
          result.problems.append("store.json covers more of the logs than they hold")
        }
      } catch {
        result.problems.append("store.json cannot be read")
      }
    }
    if let damage = folder.recordedDamage(), !result.isDamaged {
      result.problems.append("a command found damage (\(damage.messages[0])), but every record now reads intact")
    }
    guard repair, result.isDamaged else { return result }
    result.repairs = try folder.salvage(result.logs)
    return result
  }
}
