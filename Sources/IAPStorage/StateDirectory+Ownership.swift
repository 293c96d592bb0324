import IAPCore
import IAPSystem

/// Which folders iap may delete from, and which files in them are its own.
///
/// `reset` (and deleting a namespace) removes files, so it must never run on a folder that a
/// mistyped `--state` named: `--state ~`, `--state .`, `--state "$UNSET/"`. It acts only on
/// an iap state: a folder whose every entry is one of iap's names, and which either holds
/// the marker (`iap-state`, made when iap creates the folder) or, for states made before the
/// marker, the `lock` file every earlier version made on its first command. Anything else is
/// refused before a single file is touched, naming the folder. Even then, only iap's own
/// names are removed. (docs/state.md, "Which folders reset touches".)
extension StateDirectory {
  /// The names iap gives the entries of a state folder, besides the patterns of `isOwnName`.
  private static let ownNames = Set<String>([
    Name.snapshot, Name.log, Name.lock, Name.settings, Name.clock, Name.secret, Name.keys, Name.notifications,
    Name.deliveries, Name.attempts, Name.deliveryLock, Name.damage, Name.marker, Name.seal, HistoryIndex.name,
    DownloadsFolder.contentName, DownloadsFolder.workName, Namespace.folderName, RetentionMessagingFile.name,
  ]).union(Name.catalogs)

  /// The names `reset` leaves: the locks (every process must lock the same files), the
  /// marker, the namespaces (stores of their own), and a namespace's own catalog (its
  /// configuration, as a test session's survives `resetToDefaultState`).
  private static let keptByReset = Set([Name.lock, Name.deliveryLock, Name.marker, Namespace.folderName]).union(Name.catalogs)

  /// Whether iap makes an entry called `name` in a state folder: one of `ownNames`, a
  /// compiled catalog (`catalog-<16 hex digits>.cache`), a log kept by a repair
  /// (`NAME.damaged-N`), or a temporary of any of these (`NAME.tmp`, `NAME.PID.tmp`,
  /// `NAME.PID.RANDOM.tmp`).
  static func isOwnName(_ name: String) -> Bool {
    var base = Substring(name)
    if base.hasSuffix(".tmp") {
      base = base.dropLast(4)
      // Up to two numeric components: the writer's process id and a random number.
      for _ in 0..<2 {
        guard let dot = base.lastIndex(of: "."), isNumber(base[base.index(after: dot)...]) else { break }
        base = base[..<dot]
      }
    }
    if ownNames.contains(String(base)) { return true }
    if base.hasPrefix("catalog-") && base.hasSuffix(".cache") {
      let digits = base.dropFirst(8).dropLast(6)
      return digits.count == 16 && digits.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }
    for log in [Name.log, Name.notifications] where base.hasPrefix(log + ".damaged-") {
      return isNumber(base.dropFirst(log.count + 9))
    }
    return false
  }

  /// Whether `text` is one or more ASCII digits.
  private static func isNumber(_ text: Substring) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
  }

  /// Marks a folder iap has just made as an iap state. Best effort, and never over
  /// something already there (`O_EXCL`): two processes may create the folder at once.
  static func mark(_ folder: Folder) {
    guard let fd = try? folder.open(Name.marker, [.writeOnly, .create, .exclusive]) else { return }
    _ = try? POSIXFile.write(fd, Array("iap state 1\n".utf8), at: 0, path: folder.path(Name.marker))
    POSIXFile.close(fd)
  }

  /// The entries `reset` would remove from `folder`, after checking that it is an iap state
  /// (see the type's summary); refuses with `notAState` otherwise.
  func removableEntries(_ folder: Folder) throws(StateError) -> [String] {
    let names: [String]
    do { names = try folder.entries().sorted() } catch { throw .unreadable(path: path, reason: error.description) }
    let foreign = names.filter { !Self.isOwnName($0) }
    if let first = foreign.first {
      let more = foreign.count > 1 ? " and \(foreign.count - 1) more" : ""
      throw .notAState(path: path, reason: "it holds '\(first)'\(more), which iap did not make")
    }
    let removable = names.filter { !Self.keptByReset.contains($0) }
    if !removable.isEmpty && !names.contains(Name.marker) && !names.contains(Name.lock) {
      throw .notAState(path: path, reason: "it has no '\(Name.marker)' marker and no 'lock', so iap did not make it")
    }
    return removable
  }

  /// Removes iap's files from the folder, all but the lock files, the marker and the
  /// namespaces, under the exclusive lock, and the logs' seal with them. Refused, with
  /// nothing deleted, when the folder is not an iap state. A state made before the marker
  /// gets it.
  package func reset() throws(StateError) {
    guard let folder = try folder(create: false) else { return }
    // Checked before the lock, whose file the lock would create in a foreign folder.
    guard !(try removableEntries(folder)).isEmpty else { return }
    guard let lock = try acquireLock(in: folder, exclusive: true) else { return }
    defer { POSIXFile.close(lock) }
    do throws(POSIXFileError) {
      // Listed again under the lock; still only iap's names are removed.
      for name in try folder.entries() where Self.isOwnName(name) && !Self.keptByReset.contains(name) {
        try folder.removeTree(name)
      }
      try folder.sync()
    } catch {
      throw .unwritable(path: path, reason: error.description)
    }
    LogSeal.clear(lock)
    if !folder.exists(Name.marker) { Self.mark(folder) }
  }
}
