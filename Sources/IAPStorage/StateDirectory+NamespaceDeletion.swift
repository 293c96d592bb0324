import IAPCore
import IAPSystem

/// Deleting a namespace while requests to it may be under way, in this process or another.
///
/// The deletion takes the namespace's delivery lock, then its state lock, exclusively: every
/// request that holds either finishes first, against the store as it was. Holding both, it
/// renames the folder aside (`namespaces/.deleted-…`, one atomic step: no request ever opens
/// a folder half deleted), removes the lock files, and then the folder, before it lets go.
/// A request that had opened the folder and was waiting for its lock then holds a lock whose
/// file is gone (`isUnlinked`), and opens the namespace again by name (`lockedFolder`): it
/// finds a fresh namespace, made on first use as ever, or none.
///
/// What does not let go within `deletionWaitSeconds` (a request that takes long, a
/// notification round at its deadline, a client that stopped reading a long answer) makes the
/// deletion a refusal, `namespaceBusy`, with nothing deleted; so does a download under way.
extension StateDirectory {
  /// How long a deletion waits for the requests that use the namespace.
  package static let deletionWaitSeconds = 10

  /// Deletes this namespace's folder and everything in it; one that does not exist is
  /// deleted already. Refused, with nothing deleted, when the folder is not an iap state
  /// (`notAState`) or is in use (`namespaceBusy`) after `milliseconds` of waiting.
  package func deleteNamespace(waitingAtMost milliseconds: Int = deletionWaitSeconds * 1000) throws(StateError) {
    guard let namespace else { preconditionFailure("deleteNamespace on a state's own folder") }
    let parentPath = namespace.state + "/" + Namespace.folderName
    let parent: Folder?
    let folder: Folder?
    do {
      parent = try Folder.open(parentPath, create: false)
      folder = try parent?.subfolder(namespace.name, create: false)
    } catch {
      throw .unwritable(path: path, reason: error.description)
    }
    guard let parent, let folder else { return }
    // Checked before the locks, whose files would otherwise be made in a folder not iap's.
    _ = try removableEntries(folder)
    let deadline = Deadline(milliseconds: milliseconds)
    // A notification round posts outside the state's lock and records its attempts after:
    // it is waited for first, as it would write into the folder as it goes.
    let courier: Int32
    switch try waitForLock(Name.deliveryLock, in: folder, until: deadline) {
    case let .held(fd): courier = fd
    case .timedOut: throw busy("a notification delivery round", within: milliseconds)
    case .folderDeleted: return
    }
    defer { POSIXFile.close(courier) }
    let lock: Int32
    switch try waitForLock(Name.lock, in: folder, until: deadline) {
    case let .held(fd): lock = fd
    case .timedOut: throw busy("requests to it", within: milliseconds)
    case .folderDeleted: return
    }
    defer { POSIXFile.close(lock) }
    // Another deletion came first: it removed the lock files before letting go of them.
    guard !Self.isUnlinked(lock), !Self.isUnlinked(courier), Self.isEntry(namespace.name, of: parent, sameAs: folder) else { return }
    _ = try removableEntries(folder)  // listed again under the lock
    if let product = runningDownload(in: folder) { throw busy("the download of '\(product)'", within: nil) }
    let aside = ".deleted-\(namespace.name)-\(CurrentProcess.id)-\(UInt32.random(in: .min ... .max))"
    do throws(POSIXFileError) {
      try parent.rename(namespace.name, to: aside)
      // From here on, the name is free: a request made now makes a fresh namespace.
      try folder.unlink(Name.lock)
      try folder.unlink(Name.deliveryLock)
      try removeAside(aside, in: parent)
      try parent.sync()
    } catch {
      throw .unwritable(path: path, reason: "cannot delete the namespace: \(error.description)")
    }
  }

  /// The refusal for a namespace that `what` still used after waiting `milliseconds` (nil:
  /// not waited for): nothing was deleted.
  private func busy(_ what: String, within milliseconds: Int?) -> StateError {
    let name = namespace?.name ?? path
    let still: String
    switch milliseconds {
    case nil: still = "\(what) is under way"
    case let ms? where ms % 1000 == 0: still = "\(what) did not finish within \(ms / 1000) s"
    case let ms?: still = "\(what) did not finish within \(ms) ms"
    }
    return .refused(.namespaceBusy(name, reason: "\(still); nothing was deleted, try again"))
  }

  /// What waiting for a lock came to.
  private enum Wait {
    case held(Int32)
    case timedOut
    /// Another deletion removed the folder (and its lock files) since it was opened.
    case folderDeleted
  }

  /// Takes the lock file `name` of `folder` exclusively, waiting until `deadline`.
  ///
  /// Tried every few milliseconds rather than waited for in `flock`, which has no deadline:
  /// a request holds the lock for milliseconds, and the deletion must not wait for ever on
  /// one that does not let go.
  private func waitForLock(_ name: String, in folder: Folder, until deadline: Deadline) throws(StateError) -> Wait {
    let fd: Int32
    do throws(POSIXFileError) {
      // Not made in a folder another deletion renamed aside (see `lockFile`).
      guard let opened = try lockFile(name, in: folder) else { return .folderDeleted }
      fd = opened
    } catch {
      throw .unwritable(path: path, reason: error.description)
    }
    while true {
      do throws(Errno) {
        try FileLock.acquire(fd, .exclusive, wait: false)
        return .held(fd)
      } catch {
        guard error == .wouldBlock, !deadline.hasPassed else {
          POSIXFile.close(fd)
          if error == .wouldBlock { return .timedOut }
          throw .unwritable(path: path, reason: POSIXFileError(path: folder.path(name), operation: "flock", errno: error).description)
        }
        Pause.upTo(seconds: 0.002)
      }
    }
  }

  /// Whether the entry `name` of `parent` is the open folder `folder`.
  private static func isEntry(_ name: String, of parent: Folder, sameAs folder: Folder) -> Bool {
    guard let entry = try? FileStatus(name, in: parent), let open = try? FileStatus(fd: folder.fd) else { return false }
    return entry.isSameFile(as: open)
  }

  /// The product whose content a process is copying into the namespace now, if any: it
  /// writes outside the state's lock for as long as the copy takes.
  private func runningDownload(in folder: Folder) -> String? {
    guard let work = try? folder.subfolder(DownloadsFolder.workName, create: false), let names = try? work.entries() else { return nil }
    let downloads = DownloadsFolder(state: self)
    for name in names.sorted() where name.hasSuffix(".lock") {
      let product = String(name.dropLast(5))
      if downloads.isRunning(product) { return product }
    }
    return nil
  }

  /// Removes the folder renamed aside. A process that opened the folder before it was
  /// renamed and writes without the lock (a compiled catalog's cache) may add a file as it
  /// goes: the removal is tried again then.
  private func removeAside(_ aside: String, in parent: Folder) throws(POSIXFileError) {
    for attempt in 1...5 {
      do throws(POSIXFileError) {
        try parent.removeTree(aside)
        return
      } catch where error.errno == .directoryNotEmpty && attempt < 5 {
        continue
      }
    }
  }
}
