import IAPCore
import IAPStorage
import IAPSystem

/// What `examineState` found, and what a repair did.
package struct DoctorResult: Sendable {
  /// Each log, read whole.
  package var logs: [LogExamination]
  /// Problems outside the logs (`store.json`, the recorded damage).
  package var problems: [String]
  /// What the repair did, one line each, when one was asked for and needed.
  package var repairs: [String] = []

  /// Whether anything is damaged (before any repair).
  package var isDamaged: Bool { !problems.isEmpty || logs.contains { !$0.damaged.isEmpty } }
}

extension Workspace {
  /// Use case: reads every record of the state's logs, checks its checksum and content, and
  /// checks `store.json` against the logs; with `repair`, salvages every intact record into
  /// new logs (the damaged files are kept beside them as `NAME.damaged-N`), drops the
  /// snapshot so that the next command folds the logs afresh, and clears the recorded damage.
  package func examineState(repair: Bool) throws(IAPError) -> DoctorResult {
    let state = stateDirectory
    guard let folder = try IAPError.ofState(state.folder(create: false)) else { return DoctorResult(logs: [], problems: []) }
    // A reader gets no lock on a folder it cannot write (read-only, another user's): nothing
    // can change it meanwhile, so it is examined all the same, with the lock file opened for
    // reading (for its seal) when there is one. A repair takes the exclusive lock, or fails
    // saying why the folder cannot be written.
    var lock = try IAPError.ofState(state.acquireLock(in: folder, exclusive: repair))
    if lock == nil, let readOnly = try? folder.open(StateDirectory.Name.lock, .readOnly) {
      lock = readOnly
      try? FileLock.acquire(readOnly, .shared)
    }
    defer { if let lock { POSIXFile.close(lock) } }
    func read(_ name: String) throws(IAPError) -> [UInt8] {
      do { return try folder.readIfExists(name) ?? [] } catch { throw .state(.unreadable(path: error.path, reason: error.description)) }
    }
    let transactionBytes = try read(StateDirectory.Name.log)
    let notificationBytes = try read(StateDirectory.Name.notifications)
    var result = DoctorResult(
      logs: [
        .transactions(transactionBytes, path: state.logPath), .notifications(notificationBytes, path: state.notificationsPath),
      ],
      problems: [])
    let seal = lock.flatMap(LogSeal.read) ?? LogSeal.read(in: folder)
    if let sealed = seal?.transactions?.size, case let end = transactionBytes.count - result.logs[0].tornBytes, end < sealed {
      result.logs[0].cutOff = sealed - end
      result.problems.append(
        "transactions.log: its records end at byte \(end), but iap had written \(sealed) bytes: records were cut off")
    }
    if let bytes = try? folder.readIfExists(StateDirectory.Name.snapshot) {
      do {
        let (_, offsets) = try SnapshotCodec.decode(bytes: bytes)
        if offsets.transactions > transactionBytes.count || offsets.notifications > notificationBytes.count {
          result.problems.append("store.json covers more of the logs than they hold")
        }
      } catch {
        result.problems.append("store.json cannot be read")
      }
    }
    if let damage = state.recordedDamage(in: folder), !result.isDamaged {
      result.problems.append("a command found damage (\(IAPError(damage).userMessages[0])), but every record now reads intact")
    }
    guard repair, result.isDamaged else { return result }
    result.repairs = try IAPError.ofState(state.salvage(result.logs, in: folder))
    // The next command checks the new logs whole and seals them; ids given before the repair
    // stay given.
    guard let lock else { throw .state(.unwritable(path: state.path, reason: "its lock cannot be taken")) }
    LogSeal(transactions: .unknown, notifications: .unknown, nextId: seal?.nextId ?? 1).write(lock, in: folder)
    try? POSIXFile.sync(lock, path: folder.path(StateDirectory.Name.lock))
    if let fd = try? folder.open(StateDirectory.Name.seal, .readOnly) {
      try? POSIXFile.sync(fd, path: folder.path(StateDirectory.Name.seal))
      POSIXFile.close(fd)
    }
    return result
  }
}
