import IAPCore
import IAPFormats
import IAPSystem

/// `attempts.log`: every attempt to post a notification to the notification URL, a JSON line
/// each (`{"n": sequence, "d": ms, "r": result}`), appended by the delivery round under the
/// state's exclusive lock.
///
/// It is a report, not a record the store is folded from: losing its last lines to a power
/// cut loses only what the history endpoint reports, so it is not fsynced, and a torn or
/// foreign line is skipped rather than failing the state.
package enum SendAttemptLog {
  /// Appends `attempts` (the session holds the exclusive lock).
  package static func append(_ attempts: [SendAttempt], in session: StateSession) throws(StateError) {
    guard !attempts.isEmpty else { return }
    let lines = attempts.map { a in
      JSONWriter.compact(.object([("n", .int(Int64(a.sequence))), ("d", .int(a.date.milliseconds)), ("r", .string(a.result))])) + "\n"
    }.joined()
    let folder = session.writableFolder
    do throws(POSIXFileError) {
      let fd = try folder.open(StateDirectory.Name.attempts, [.writeOnly, .append, .create])
      defer { POSIXFile.close(fd) }
      let end = (try? FileStatus(fd: fd))?.size ?? 0
      try POSIXFile.write(fd, Array(lines.utf8), at: end, path: folder.path(StateDirectory.Name.attempts))
    } catch {
      throw .unwritable(path: session.directory.path, reason: error.description)
    }
  }

  /// Every attempt recorded, by notification sequence number, oldest first.
  package static func read(_ session: StateSession) throws(StateError) -> [Int: [SendAttempt]] {
    let bytes: [UInt8]?
    do { bytes = try session.folder?.readIfExists(StateDirectory.Name.attempts) } catch {
      throw .unreadable(path: session.directory.path + "/" + StateDirectory.Name.attempts, reason: error.description)
    }
    var attempts: [Int: [SendAttempt]] = [:]
    for line in (bytes ?? []).split(separator: 0x0A) {
      guard let json = try? JSONParser.parse(Array(line)), let n = json["n"]?.intValue, let d = json["d"]?.intValue,
        let r = json["r"]?.stringValue
      else { continue }
      attempts[Int(n), default: []].append(SendAttempt(sequence: Int(n), date: Timestamp(milliseconds: d), result: r))
    }
    return attempts
  }
}
