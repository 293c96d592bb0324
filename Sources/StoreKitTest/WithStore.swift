import StoreKit

/// Runs `body` with a store of its own: a new namespace of the store test sessions use,
/// selling the configuration file named `configuration` (found as
/// `SKTestSession(configurationFileNamed:)` finds it), or, without one, the catalog the server
/// was given (`IAP_CATALOG`, else the working folder's `catalog.plist`, else nothing). The
/// namespace is deleted when `body` returns or throws.
///
/// Every StoreKit call made in `body` and in the tasks it starts (child tasks, `Task { }`)
/// reaches that store, whatever store the process has otherwise; an `SKTestSession` made in it
/// controls that store. So tests that run at once each keep their own purchases, settings and
/// clock. This is the `.iapStore` trait of Swift Testing, for XCTest:
///
/// ```swift
/// func testRefundRevokesAccess() async throws {
///   try await withStore(configuration: "Products") {
///     let session = try SKTestSession(configurationFileNamed: "Products")
///     try await session.buyProduct(identifier: "shop.levels")
///     …
///   }
/// }
/// ```
///
/// Code that runs outside `body`'s tasks (a detached task, a thread of its own started before)
/// does not see the store: it reaches the process's.
///
/// - Throws: `SKTestError.fileNotFound` when the configuration file is not found,
///   `invalidURL` when the store refuses it, `serviceUnavailable` when the store cannot be
///   reached; then whatever `body` throws.
public func withStore<T>(
  configuration: String? = nil, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
) async throws -> T {
  let file = try configuration.map { name throws(SKTestError) in try ConfigurationFile.named(name) }
  let namespace = try TestNamespace()
  do {
    if let file { try await namespace.sell(file) }
    let result = try await StoreContext.$current.withValue(namespace.connection, operation: body)
    await namespace.delete()
    return result
  } catch {
    await namespace.delete()
    throw error
  }
}
