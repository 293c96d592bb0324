import IAPCore
import IAPKit
import IAPOperations
import IAPSystem

/// What a server keeps about its namespaces beyond their folders: the key set it shares
/// across them (`iap serve --shared-keys`), and the temporary ones it made, which it deletes
/// when it stops or once they were idle for the time they were given.
final class ServerNamespaces: Sendable {
  /// A temporary namespace: how long it may stay idle, and when a request last reached it.
  struct Temporary: Sendable {
    var idleMilliseconds: Int64?
    var lastUse: Int64
  }

  /// Makes the workspace of a store: the state's own for nil, else the namespace's, with the
  /// shared keys when there are.
  let makeWorkspace: @Sendable (String?) -> Workspace
  /// The secret and key set shared across namespaces, nil when each has its own.
  let sharedKeys: SharedKeys?
  private let temporaries = Locked<[String: Temporary]>([:])

  init(sharedKeys: SharedKeys?, makeWorkspace: @escaping @Sendable (String?) -> Workspace) {
    self.sharedKeys = sharedKeys
    self.makeWorkspace = { name in
      let workspace = makeWorkspace(name)
      workspace.sharedKeys = sharedKeys
      return workspace
    }
  }

  /// Makes the namespace `request` names and, when it is temporary, remembers it.
  func create(_ request: NamespaceCreateRequest) throws(IAPError) -> CreatedNamespace {
    let created = try makeWorkspace(request.name).createNamespace(request.setup)
    if request.temporary {
      let idle = request.idleSeconds.map { Int64($0) * 1000 }
      temporaries.withLock { $0[request.name] = Temporary(idleMilliseconds: idle, lastUse: WallClock.milliseconds()) }
    }
    return created
  }

  /// Notes that a request reached the namespace `name`, which puts off its idle deletion.
  func touch(_ name: String) {
    temporaries.withLock { temporaries in
      guard temporaries[name] != nil else { return }
      temporaries[name]!.lastUse = WallClock.milliseconds()
    }
  }

  /// The temporary namespaces idle for longer than they were given, at `now` (ms).
  func idle(at now: Int64) -> [String] {
    temporaries.withLock { temporaries in
      temporaries.compactMap { name, temporary in
        guard let limit = temporary.idleMilliseconds, now - temporary.lastUse >= limit else { return nil }
        return name
      }.sorted()
    }
  }

  /// Every temporary namespace, to delete as the server stops.
  var temporaryNames: [String] { temporaries.withLock { $0.keys.sorted() } }

  /// Deletes the temporary namespace `name` and forgets it; one in use stays (`namespaceBusy`)
  /// for a later attempt.
  func delete(_ name: String) throws(IAPError) {
    _ = try makeWorkspace(name).deleteNamespace()
    temporaries.withLock { $0[name] = nil }
  }
}
