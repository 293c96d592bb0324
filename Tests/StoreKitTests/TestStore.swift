import Foundation
import Testing

@testable import IAPFormats
@testable import StoreKit

/// A store of a test's own: a namespace of the process's server selling the bundled
/// catalog (catalog.plist, the com.example.fakegame products), current for the test's task
/// and its child tasks, and deleted when the test ends. The test drives it from outside with
/// `store.call(…)` on the control plane, as a developer does from the shell.
enum TestStore {
  /// The package's bundled catalog.
  static let catalog: String = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return (try? String(contentsOf: root.appendingPathComponent("catalog.plist"), encoding: .utf8)) ?? ""
  }()

  /// Runs `body` with a new store current, selling `catalog`; its namespace is named after
  /// `test` (the calling test, by default).
  static func run<T: Sendable>(
    _ test: String = #function, catalog: String = catalog, isolation: isolated (any Actor)? = #isolation,
    _ body: (StoreConnection) async throws -> T
  ) async throws -> T {
    let name = String(test.prefix { $0.isLetter || $0.isNumber || $0 == "-" }.prefix(40)) + "-" + UUID().uuidString.prefix(8)
    let store = StoreConnection(url: try StoreContext.serverURL(), namespace: name)
    _ = try await store.call("PUT", "/catalog", body: .object([("name", .string("catalog.plist")), ("contents", .string(catalog))]))
    do {
      let result = try await StoreContext.$current.withValue(store) { try await body(store) }
      _ = try? await store.call("DELETE", "")
      return result
    } catch {
      _ = try? await store.call("DELETE", "")
      throw error
    }
  }

  /// Sets store settings (`PATCH /settings`).
  static func set(_ store: StoreConnection, _ settings: [(String, JSONValue)]) async throws {
    _ = try await store.call("PATCH", "/settings", body: .object(settings))
  }

  /// Buys `product` from outside the app (another device, or the shell): the transaction's id.
  @discardableResult
  static func buyElsewhere(_ store: StoreConnection, _ product: String) async throws -> UInt64 {
    let answer = try await store.call("POST", "/purchases", body: .object([("productId", .string(product))]))
    return UInt64(answer["transactions"]?.arrayValue?.last?["id"]?.stringValue ?? "") ?? 0
  }
}

/// The first element of `sequence` that `accept` takes, or nil after `seconds`; iteration
/// stops either way (the sequence's task is cancelled).
func first<S: AsyncSequence & Sendable>(
  of sequence: S, within seconds: Double = 15, where accept: @escaping @Sendable (S.Element) -> Bool
) async -> S.Element? where S.Element: Sendable {
  await withTaskGroup(of: S.Element?.self) { group in
    group.addTask {
      do {
        for try await element in sequence where accept(element) { return element }
      } catch {}
      return nil
    }
    group.addTask {
      try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
      return nil
    }
    let found = await group.next() ?? nil
    group.cancelAll()
    return found
  }
}

/// Waits until `condition` holds, asking every 50 ms, for at most `seconds`.
func eventually(within seconds: Double = 15, _ condition: @Sendable () async -> Bool) async -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if await condition() { return true }
    try? await Task.sleep(nanoseconds: 50_000_000)
  }
  return await condition()
}

/// Collects what an `AsyncSequence` yields, from a task of its own.
actor Collected<Element: Sendable> {
  private(set) var elements: [Element] = []
  /// Whether the iteration ended.
  private(set) var ended = false

  func add(_ element: Element) { elements.append(element) }

  func end() { ended = true }
}
