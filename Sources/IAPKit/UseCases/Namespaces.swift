import IAPCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The namespaces of a state folder: how many there are, and deleting one.
extension Workspace {
  /// Use case: whether the namespace `name` of the state folder `base` may be used: it
  /// exists, or fewer than `Namespace.limit` do. Refused with a usage error otherwise.
  package static func admitNamespace(_ name: String, in base: String) throws(IAPError) {
    if let problem = Namespace.problem(name) { throw .usage("invalid namespace '\(name.prefix(64))': \(problem)", command: []) }
    let parent = base + "/" + Namespace.folderName
    let folder: Folder?
    do { folder = try Folder.open(parent, create: false) } catch { throw .stateUnwritable(path: parent, reason: error.description) }
    guard let folder, !folder.exists(name) else { return }
    let count: Int
    do { count = try folder.entries().count } catch { throw .stateUnreadable(path: parent, reason: error.description) }
    guard count < Namespace.limit else { throw .refused(.namespaceLimit(Namespace.limit)) }
  }

  /// Use case: deletes this namespace's store, folder and all (what `reset` does, then the
  /// lock files and the folder). A namespace that does not exist is already deleted.
  package func deleteNamespace() throws(IAPError) -> ResetResult {
    guard namespace != nil else { throw .usage("only a namespace can be deleted; reset the state instead", command: []) }
    // A notification delivery round of an earlier request may still be posting, and writes
    // its attempts when done: its lock is waited for and held to the end, so that it does not
    // write into the folder as it is removed (which then could not be).
    let delivery = stateDirectory.deliveryLock(wait: true)
    defer { if let delivery { close(delivery) } }
    // `reset` refuses a folder that is not an iap state, before anything is deleted.
    try stateDirectory.reset()
    let path = stateDirectory.path
    for name in ["lock", "delivery.lock", "iap-state"] + StateDirectory.Name.catalogs { _ = unlink(path + "/" + name) }
    if rmdir(path) != 0 && errno != ENOENT {
      throw .stateUnwritable(path: path, reason: "cannot remove the namespace's folder: \(String(cString: strerror(errno)))")
    }
    return ResetResult(path: path)
  }
}
