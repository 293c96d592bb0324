import IAPCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension StateDirectory {
  /// Rewrites the logs with their intact records only, under the exclusive lock the caller
  /// holds. Each log that loses records is first kept whole as `NAME.damaged-N` (a hard link,
  /// so a crash during the repair leaves the old log or the new, and the copy). Notifications
  /// are written again without the log lengths they named, which the new transaction log no
  /// longer has. Then the snapshot and the recorded damage go: the next command folds the
  /// logs from their start.
  /// - Returns: what was done, one line each.
  func salvage(_ logs: [LogExamination]) throws(IAPError) -> [String] {
    var done: [String] = []
    for log in logs {
      let path = self.path + "/" + log.name
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
        if !log.damaged.isEmpty {
          let copy = try keepDamaged(path)
          done.append("\(log.name): kept \(log.intact) intact records, dropped \(log.damaged.count) (the damaged file is kept as \(copy))")
        }
        try POSIXFile.replaceAtomically(path, with: kept, directory: self.path)
      } catch {
        throw .stateUnwritable(path: self.path, reason: error.description)
      }
    }
    for name in ["store.json", "damaged"] where POSIXFile.exists(self.path + "/" + name) {
      if unlink(self.path + "/" + name) != 0 {
        throw .stateUnwritable(path: self.path, reason: POSIXFileError(path: name, operation: "unlink", code: errno).description)
      }
    }
    done.append("store.json will be rebuilt from the logs by the next command")
    return done
  }

  /// Links `path` as `path.damaged-N` with the first free N; returns that name.
  private func keepDamaged(_ path: String) throws(POSIXFileError) -> String {
    var n = 1
    while true {
      let copy = "\(path).damaged-\(n)"
      if link(path, copy) == 0 { return String(copy.split(separator: "/").last ?? "") }
      if errno != EEXIST { throw POSIXFileError(path: copy, operation: "link", code: errno) }
      n += 1
    }
  }
}
