import IAPCore
import IAPSystem

/// A namespace's state folder, `<state>/namespaces/<name>`: made here and nowhere else, under
/// the limit of `Namespace.limit`, and told apart from one that was deleted while a request
/// had it open (`StateDirectory+NamespaceDeletion`).
///
/// The limit is kept where the folder is made, under the state's own exclusive lock, so that
/// two processes making the 256th and the 257th at once cannot both pass, and so that the
/// command line and the server keep the same one. A namespace that exists costs what any
/// state folder costs, one `open`: only a missing one is counted against the limit.
extension StateDirectory {
  /// The state folder of namespace `name` of the state folder `state`.
  package init(namespace name: String, in state: String) {
    path = Namespace.folder(name, in: state)
    namespace = (state, name)
  }

  /// The namespace's folder, open; made when `create` and missing. A namespace that does not
  /// exist is refused when the state already holds `Namespace.limit`, whether it would be
  /// made now or only read (as the server refuses any request to it).
  func namespaceFolder(create: Bool) throws(StateError) -> Folder? {
    do {
      if let folder = try Folder.open(path, create: false) { return folder }
    } catch {
      throw .unwritable(path: path, reason: error.description)
    }
    guard create else {
      try checkRoomForNamespace()
      return nil
    }
    return try makeNamespace()
  }

  /// Refuses this namespace when it does not exist and the state holds `Namespace.limit`
  /// already (`namespaceLimit`): what a request to a namespace is checked with before
  /// anything else. One `stat` for a namespace that exists.
  package func admitNamespace() throws(StateError) {
    guard namespace != nil, !POSIXFile.exists(path) else { return }
    try checkRoomForNamespace()
  }

  /// Refuses a new namespace when the state's `namespaces/` holds `Namespace.limit` already.
  private func checkRoomForNamespace() throws(StateError) {
    guard let namespace else { return }
    let parentPath = namespace.state + "/" + Namespace.folderName
    let parent: Folder?
    do { parent = try Folder.open(parentPath, create: false) } catch { throw .unreadable(path: parentPath, reason: error.description) }
    if let parent { try Self.checkRoom(in: parent) }
  }

  /// Refuses a new namespace in `parent` (the state's `namespaces/`) when it holds
  /// `Namespace.limit` already. A name that begins with a dot is no namespace (no name can):
  /// it is one being deleted, renamed aside.
  private static func checkRoom(in parent: Folder) throws(StateError) {
    let names: [String]
    do { names = try parent.entries() } catch { throw .unreadable(path: parent.path, reason: error.description) }
    guard names.count(where: { !$0.hasPrefix(".") }) < Namespace.limit else { throw .refused(.namespaceLimit(Namespace.limit)) }
  }

  /// Makes the namespace's folder, marked as an iap state, under the exclusive lock of the
  /// state it is in (made too, if need be), after counting the namespaces there: the one place
  /// a namespace is made. One that another process made meanwhile is opened.
  private func makeNamespace() throws(StateError) -> Folder {
    guard let namespace else { preconditionFailure("makeNamespace on a state's own folder") }
    let state = StateDirectory(path: namespace.state)
    guard let stateFolder = try state.folder(create: true), let lock = try state.acquireLock(in: stateFolder, exclusive: true) else {
      throw .unwritable(path: namespace.state, reason: "its lock cannot be taken")
    }
    defer { POSIXFile.close(lock) }
    let parent: Folder
    do throws(POSIXFileError) {
      // `subfolder(_:create: true)` answers a folder or throws.
      parent = try stateFolder.subfolder(Namespace.folderName, create: true)!
      if let made = try parent.subfolder(namespace.name, create: false) { return made }
    } catch {
      throw .unwritable(path: path, reason: error.description)
    }
    try Self.checkRoom(in: parent)
    // A deletion may take the folder between its `mkdir` and its `open` (the deletion does
    // not take this lock): it is then made again, as its name is free.
    for attempt in 1...3 {
      do throws(POSIXFileError) {
        let folder = try parent.subfolder(namespace.name, create: true)!
        Self.mark(folder)
        // Made with the folder, so that a namespace's lock file found missing later says
        // that the namespace was deleted (`lockFile(_:in:)`) without a look at its path. A
        // deletion under way may remove the folder first: the caller's lock then says so.
        if let fd = try? folder.open(Name.lock, [.readWrite, .create]) { POSIXFile.close(fd) }
        return folder
      } catch where error.isMissing && attempt < 3 {
        continue
      } catch {
        throw .unwritable(path: path, reason: error.description)
      }
    }
    preconditionFailure("the last attempt returns or throws")
  }

  // MARK: - A namespace deleted under a request

  /// Opens the lock file `name` (`lock`, `delivery.lock`) in `folder`, made if missing; nil
  /// when `folder` is a namespace's that was deleted since it was opened.
  ///
  /// A deletion removes the lock files before it lets go of the locks: so a namespace's lock
  /// file that is missing is made only in a folder still at the namespace's name (a
  /// `delivery.lock` not needed before, a folder made by hand or by an earlier iap). Made in
  /// a folder renamed aside to be removed, it would hand this request a lock of its own there.
  func lockFile(_ name: String, in folder: Folder) throws(POSIXFileError) -> Int32? {
    if namespace != nil {
      do throws(POSIXFileError) { return try folder.open(name, .readWrite) } catch where error.isMissing {
        guard isAtItsPath(folder) else { return nil }
      }
    }
    return try folder.open(name, [.readWrite, .create])
  }

  /// Whether the open `folder` is still the folder at this state's path.
  private func isAtItsPath(_ folder: Folder) -> Bool {
    guard let atPath = try? FileStatus(path: path, followingLinks: false), let open = try? FileStatus(fd: folder.fd) else {
      return false
    }
    return atPath.isSameFile(as: open)
  }

  /// Whether the open file `fd` has no name left: a lock file that a namespace's deletion
  /// removed while this process waited for the lock, which it then got on a folder that is gone.
  static func isUnlinked(_ fd: Int32) -> Bool {
    (try? FileStatus(fd: fd))?.linkCount == 0
  }

  /// What a request answers when its namespace was deleted each time it opened it again.
  var deletedWhileWaiting: StateError {
    .refused(.namespaceBusy(namespace?.name ?? path, reason: "it was deleted again and again while this request waited for it; try again"))
  }
}
