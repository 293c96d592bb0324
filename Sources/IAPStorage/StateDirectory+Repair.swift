import IAPCore
import IAPFormats
import IAPSystem

extension StateDirectory {
  /// Rewrites the logs with their intact records only, under the exclusive lock the caller
  /// holds. Each log that loses records is first kept whole as `NAME.damaged-N` (a hard link,
  /// so a crash during the repair leaves the old log or the new, and the copy). Notifications
  /// are written again without the log lengths they named, which the new transaction log no
  /// longer has. Then the snapshot and the recorded damage go: the next command folds the
  /// logs from their start.
  /// - Returns: what was done, one line each.
  package func salvage(_ logs: [LogExamination], in folder: Folder) throws(StateError) -> [String] {
    var done: [String] = []
    for log in logs {
      var kept: [UInt8] = []
      if log.name == "notifications.log" {
        for line in log.kept {
          // Intact, so it decodes; written again as committed (no log length to wait for).
          guard let json = try? JSONParser.parse(Array(line.dropLast())), let n = try? NotificationRecord.decode(json) else { continue }
          kept += Array(RecordLine.encode(NotificationRecord.encode(n, after: 0)).utf8)
        }
      } else {
        for line in log.kept { kept += line }
      }
      do {
        if !log.damaged.isEmpty || log.cutOff != nil {
          let copy = try keepDamaged(log.name, in: folder)
          let lost = log.cutOff.map { ", \($0) bytes were cut off" } ?? ""
          done.append(
            "\(log.name): kept \(log.intact) intact records, dropped \(log.damaged.count)\(lost) (the damaged file is kept as \(copy))")
        }
        if folder.exists(log.name) { try folder.replaceAtomically(log.name, with: kept) }
      } catch {
        throw .unwritable(path: self.path, reason: error.description)
      }
    }
    do throws(POSIXFileError) {
      try folder.unlink(Name.snapshot)
      try folder.unlink(HistoryIndex.name)
      try folder.unlink(Name.damage)
      try folder.sync()
    } catch {
      throw .unwritable(path: self.path, reason: error.description)
    }
    done.append("store.json will be rebuilt from the logs by the next command")
    return done
  }

  /// Links the file `name` as `name.damaged-N` with the first free N; returns that name. A
  /// `name.damaged-N` that already is this very file (a repair that failed after linking it,
  /// on a full disk, say, and is retried) is that name: each retry must not add a link.
  private func keepDamaged(_ name: String, in folder: Folder) throws(POSIXFileError) -> String {
    let original = try? FileStatus(name, in: folder)
    var n = 1
    while true {
      let copy = "\(name).damaged-\(n)"
      do { try folder.link(name, as: copy) } catch where error.errno == .fileExists {
        if let original, let existing = try? FileStatus(copy, in: folder), existing.isSameFile(as: original) { return copy }
        n += 1
        continue
      }
      return copy
    }
  }
}
