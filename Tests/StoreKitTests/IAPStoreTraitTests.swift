import Foundation
import Testing

@testable import IAPFormats
@testable import StoreKit
@testable import StoreKitTest

/// The `.iapStore` trait: each test of the suite, each argument of a parameterized test,
/// runs at once with the others in a store of its own that StoreKit's static calls reach, and
/// a session made in it controls that store.
@Suite(.iapStore(configuration: "Products")) struct IAPStoreTraitTests {
  @Test(arguments: 1...6) func testsRunningAtOnceEachHaveTheirOwnStore(_ count: Int) async throws {
    let store = try StoreContext.connection()
    #expect(store.namespace?.hasPrefix("skts-") == true)
    for _ in 0..<count { _ = try await store.call("POST", "/purchases", body: .object([("productId", .string("shop.coins"))])) }
    // Give the others time to buy in theirs meanwhile.
    try await Task.sleep(for: .milliseconds(50))
    let bought = try await store.call("GET", "/transactions")["transactions"]?.arrayValue ?? []
    #expect(bought.count == count)
    #expect(try StoreContext.connection() === store, "the same store all through the test")
  }

  @Test func childTasksReachTheTestsStore() async throws {
    let store = try StoreContext.connection()
    let seen = await Task { try? StoreContext.connection() }.value
    #expect(seen === store)
  }

  @Test func aSessionMadeInTheTestControlsItsStore() throws {
    let store = try StoreContext.connection()
    let session = try SKTestSession(configurationFileNamed: "Products")
    #expect(session.connection === store)
    session.askToBuyEnabled = true
    try session.buyProduct(productIdentifier: "shop.levels")
    let pending = try store.callBlocking("GET", "/transactions?state=deferred")["transactions"]?.arrayValue
    #expect(pending?.count == 1)
  }

  @Test(.iapStore()) func withoutAConfigurationTheStoreSellsTheServersCatalog() throws {
    let store = try StoreContext.connection()
    let products = try store.callBlocking("GET", "/products")["products"]?.arrayValue ?? []
    #expect(!products.contains { $0["id"]?.stringValue == "shop.levels" })
  }
}

/// `withStore`, the trait's function for XCTest: a store of its own for the body, gone after.
@Suite struct WithStoreTests {
  @Test func theBodyHasAStoreOfItsOwnDeletedAfter() async throws {
    let outside = try StoreContext.connection()
    let inside = try await withStore(configuration: "Products") {
      let store = try StoreContext.connection()
      _ = try await store.call("POST", "/purchases", body: .object([("productId", .string("shop.levels"))]))
      return store
    }
    #expect(inside !== outside)
    #expect(inside.namespace?.hasPrefix("skts-") == true)
    let left = try await inside.call("GET", "/transactions")["transactions"]?.arrayValue
    #expect(left?.isEmpty == true, "deleted: asking again finds a new, empty namespace")
    _ = try await inside.call("DELETE", "")
  }

  @Test func aMissingConfigurationFailsBeforeTheBody() async throws {
    await #expect(throws: SKTestError(.fileNotFound)) {
      try await withStore(configuration: "NoSuchConfiguration") { Issue.record("the body ran") }
    }
  }

  @Test func whatTheBodyThrowsIsThrownAndTheStoreDeleted() async throws {
    struct Stop: Error {}
    let box = StoreBox()
    await #expect(throws: Stop.self) {
      try await withStore {
        let store = try StoreContext.connection()
        box.store = store
        _ = try await store.call("POST", "/purchases", body: .object([("productId", .string("com.example.fakegame.extra_lives"))]))
        throw Stop()
      }
    }
    let store = try #require(box.store)
    #expect(try await store.call("GET", "/transactions")["transactions"]?.arrayValue?.isEmpty == true)
    _ = try await store.call("DELETE", "")
  }
}

/// Where a closure leaves the store it saw.
private final class StoreBox: @unchecked Sendable {
  var store: StoreConnection?
}
