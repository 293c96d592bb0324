import IAPCore
import IAPStorage

/// The namespaces of a state folder: admitting a request to one, and deleting one.
extension Workspace {
  /// What makes `name` unusable as a namespace's name, or nil when it is usable.
  package static func namespaceNameProblem(_ name: String) -> String? { Namespace.problem(name) }

  /// Use case: whether the namespace `name` of the state folder `base` may be used: a usable
  /// name (a usage error otherwise), and a namespace that exists or that the state has room
  /// for (`namespaceLimit` otherwise). What the server asks of a request to `/ns/{name}`
  /// before anything; the command line gets the same answer where the state is opened.
  package static func admitNamespace(_ name: String, in base: String) throws(IAPError) {
    if let problem = Namespace.problem(name) { throw .invalidRequest("invalid namespace '\(name.prefix(64))': \(problem)") }
    try IAPError.ofState(StateDirectory(namespace: name, in: base).admitNamespace())
  }

  /// Use case: deletes this namespace's store, folder and all, once the requests that use it
  /// are done (`StateDirectory+NamespaceDeletion`). A namespace that does not exist is
  /// already deleted.
  package func deleteNamespace() throws(IAPError) -> ResetResult {
    guard namespace != nil else { throw .invalidRequest("only a namespace can be deleted; reset the state instead") }
    try IAPError.ofState(stateDirectory.deleteNamespace())
    return ResetResult(path: stateDirectory.path)
  }
}
