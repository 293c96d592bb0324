import Foundation
import Testing

@testable import IAPFormats
@testable import StoreKit

/// The FakeGame tutorial's IAPManager (Seed/FakeGameIAPManager.swift), driven as its app
/// drives it: the app delegate starts observing, the view model asks for the products, buys,
/// restores and reports failures, all on the main actor.
@Suite struct SKFakeGameSeedTests {
  init() { SK1Fixture.markMainQueue() }

  @MainActor @Test func theTutorialsManagerFetchesBuysRestoresAndReportsFailures() async throws {
    try await SK1Fixture.withStore("fakegame") { connection in
      let manager = IAPManager.shared
      // The app's bundle holds IAP_ProductIDs.plist: here Bundle.main is the test runner's
      // folder. Written before anything looks in the bundle, whose listing Foundation keeps.
      let bundled = try #require(Bundle.main.resourcePath) + "/IAP_ProductIDs.plist"
      let ids = ["com.appcoda.fakegame.extra_lives", "com.appcoda.fakegame.superpowers", "com.appcoda.fakegame.unlock_maps"]
      let plist = try PropertyListSerialization.data(fromPropertyList: ids, format: .xml, options: 0)
      try plist.write(to: URL(fileURLWithPath: bundled))
      defer { try? FileManager.default.removeItem(atPath: bundled) }
      let fetched = await Self.first { manager.getProducts(withHandler: $0) }
      guard case let .success(products) = fetched else { throw Failure("expected the products, got \(fetched)") }
      #expect(Set(products.map(\.productIdentifier)) == Set(ids))
      let product = { (id: String) in products.first { $0.productIdentifier == "com.appcoda.fakegame." + id }! }
      #expect(manager.getPriceFormatted(for: product("extra_lives")) == "$0.99")
      #expect(manager.canMakePayments())

      manager.startObserving()
      let lives = await Self.first { manager.buy(product: product("extra_lives"), withHandler: $0) }
      #expect((try? lives.get()) == true)
      let maps = await Self.first { manager.buy(product: product("unlock_maps"), withHandler: $0) }
      #expect((try? maps.get()) == true)
      // The manager finishes what it delivers.
      #expect(try await SK1Fixture.eventually { SKPaymentQueue.default().transactions.isEmpty })
      #expect(try await SK1Fixture.unfinished(connection).isEmpty)

      let restored = await Self.first { manager.restorePurchases(withHandler: $0) }
      #expect((try? restored.get()) == true)
      #expect(manager.totalRestoredPurchases == 1, "only the non-consumable is restored")

      try await TestStore.set(connection, [("fail-purchase", .string("paymentCancelled"))])
      let cancelled = await Self.first { manager.buy(product: product("superpowers"), withHandler: $0) }
      guard case let .failure(error) = cancelled, case .paymentWasCancelled? = error as? IAPManager.IAPManagerError else {
        throw Failure("expected paymentWasCancelled, got \(cancelled)")
      }
      try await TestStore.set(connection, [("fail-purchase", .string("paymentNotAllowed"))])
      let refused = await Self.first { manager.buy(product: product("superpowers"), withHandler: $0) }
      guard case let .failure(failure) = refused else { throw Failure("expected a failure, got \(refused)") }
      #expect((failure as? SKError)?.code == .paymentNotAllowed)
      #expect(try await SK1Fixture.eventually { SKPaymentQueue.default().transactions.isEmpty })
      manager.stopObserving()
    }
  }

  /// The first result a handler-taking call of the manager hands back (its handlers stay
  /// stored after they are called: a later call would resume twice).
  @MainActor static func first<Success: Sendable, Failure: Error>(
    _ call: (@escaping (Result<Success, Failure>) -> Void) -> Void
  ) async -> Result<Success, Failure> {
    await withCheckedContinuation { continuation in
      var resumed = false
      call { result in
        guard !resumed else { return }
        resumed = true
        continuation.resume(returning: result)
      }
    }
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }
}
