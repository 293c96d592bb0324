import Foundation
import Testing

@testable import IAPFormats
@testable import StoreKit

/// Where StoreKit's calls go: the process's private store, started on first use, or the
/// task's own.
@Suite struct StoreConnectionTests {
  @Test func theProcessStoreAnswersWithoutSetUp() async throws {
    let store = try StoreContext.connection()
    let answer = try await store.call("GET", "/products")
    #expect(answer["products"]?.arrayValue != nil)
    #expect(store.url.hasPrefix("http://127.0.0.1:"))
  }

  @Test func aTaskLocalStoreIsTheTasksOwn() async throws {
    let url = try StoreContext.serverURL()
    let own = StoreConnection(url: url, namespace: "connection-tests")
    let inside = StoreContext.$current.withValue(own) { try? StoreContext.connection() }
    #expect(inside === own)
    #expect(try StoreContext.connection() !== own)
  }

  @Test func anUnreachableStoreIsAnErrorNamingIt() async throws {
    let nowhere = StoreConnection(url: "http://127.0.0.1:1", namespace: nil)
    await #expect(throws: StoreConnectionError.self) { try await nowhere.call("GET", "/products") }
  }
}
