import Foundation

/// Which store StoreKit's calls go to, since Apple's API names none (`Product.products(for:)`
/// is static): the task's own (a test's, through `withStore` or the `.iapStore` trait of
/// `StoreKitTest`), else the one the latest `SKTestSession` of the process made current, else
/// the process's store: `IAP_URL` (and `IAP_NAMESPACE`) when set, else a private `iap serve`
/// in this process, started on first use.
package enum StoreContext {
  /// The store of the current task and its child tasks, for tests that run at once.
  @TaskLocal package static var current: StoreConnection?

  /// The store of the latest test session, for code outside any task's scope (an XCTest
  /// case's `setUp` makes a session, and the code under test runs later in other tasks).
  package static let session = SessionStore()

  /// The store a StoreKit call made now goes to.
  package static func connection() throws(StoreConnectionError) -> StoreConnection {
    if let current { return current }
    if let session = session.current { return session }
    return try processStore.get()
  }

  /// The server test sessions make their namespaces on: `IAP_URL`, else the private one.
  package static func serverURL() throws(StoreConnectionError) -> String {
    if let url = ProcessInfo.processInfo.environment["IAP_URL"], !url.isEmpty { return url }
    return try PrivateStore.shared.get().url
  }

  /// The process's store, made once.
  private static let processStore: Result<StoreConnection, StoreConnectionError> = Result { () throws(StoreConnectionError) in
    let environment = ProcessInfo.processInfo.environment
    let namespace = environment["IAP_NAMESPACE"].flatMap { $0.isEmpty ? nil : $0 }
    return StoreConnection(url: try serverURL(), namespace: namespace)
  }
}

/// The latest test session's store, shared by every thread of the process.
package final class SessionStore: @unchecked Sendable {
  private let lock = NSLock()
  private var store: StoreConnection?

  package var current: StoreConnection? { lock.withLock { store } }

  /// Makes `store` current; a session that ends clears it if it is still its own.
  package func set(_ store: StoreConnection?) { lock.withLock { self.store = store } }

  package func clear(ifStill store: StoreConnection) { lock.withLock { if self.store === store { self.store = nil } } }
}
