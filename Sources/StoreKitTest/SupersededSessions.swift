import Foundation

/// The namespaces of the sessions made outside Swift Testing's tests (XCTest's), which outlive
/// their test: XCTest keeps every test case object, and so the session in its property, until
/// the whole run ends, so their `deinit` does not delete their namespaces in time for a long
/// suite. XCTest runs its tests one at a time, so when the server's limit of namespaces
/// refuses a new session, the sessions made before it belong to tests that are over: their
/// namespaces are deleted to make room (one of them used again would find a new, empty store).
final class SupersededSessions: @unchecked Sendable {
  /// The process's.
  static let shared = SupersededSessions()

  private let lock = NSLock()
  private var namespaces: [TestNamespace] = []

  /// A session made outside a Swift Testing test owns `namespace`.
  func add(_ namespace: TestNamespace) {
    lock.withLock { namespaces.append(namespace) }
  }

  /// The session of `namespace` deleted it itself.
  func remove(_ namespace: TestNamespace) {
    lock.withLock { namespaces.removeAll { $0.connection === namespace.connection } }
  }

  /// Deletes every namespace added and not removed, blocking while the store answers; whether
  /// there was any.
  func deleteAll() -> Bool {
    let all = lock.withLock {
      defer { namespaces = [] }
      return namespaces
    }
    for namespace in all { namespace.delete() }
    return !all.isEmpty
  }
}
