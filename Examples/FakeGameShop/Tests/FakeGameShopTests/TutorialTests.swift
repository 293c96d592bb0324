import Foundation
import StoreKit
import StoreKitTest
import Testing

@testable import FakeGameTutorial

/// The FakeGame tutorial's StoreKit 1 `IAPManager`, unchanged, driven as its app drives it:
/// the app delegate starts and stops observing, the view model asks for the products, buys,
/// restores and shows failures, all on the main thread; an `SKTestSession` makes purchases fail.
///
/// One test: the manager is a process-wide singleton whose handlers outlive each call.
@MainActor
@Suite struct TutorialTests {
  @Test(.iapStore(configuration: "FakeGameTutorial"))
  func theTutorialsManagerFetchesBuysRestoresAndReportsFailures() async throws {
    let session = try SKTestSession(configurationFileNamed: "FakeGameTutorial")
    let manager = IAPManager.shared
    // The app's bundle holds IAP_ProductIDs.plist; here Bundle.main is the test runner's folder.
    let bundled = try #require(Bundle.main.resourcePath) + "/IAP_ProductIDs.plist"
    let ids = ["com.appcoda.fakegame.extra_lives", "com.appcoda.fakegame.superpowers", "com.appcoda.fakegame.unlock_maps"]
    let plist = try PropertyListSerialization.data(fromPropertyList: ids, format: .xml, options: 0)
    try plist.write(to: URL(fileURLWithPath: bundled))
    defer { try? FileManager.default.removeItem(atPath: bundled) }

    let fetched = await first { manager.getProducts(withHandler: $0) }
    let products = try fetched.get()
    #expect(Set(products.map(\.productIdentifier)) == Set(ids))
    let product = { (name: String) in products.first { $0.productIdentifier == "com.appcoda.fakegame." + name }! }
    #expect(manager.getPriceFormatted(for: product("extra_lives")) == "$0.99")
    #expect(manager.canMakePayments())

    manager.startObserving()
    defer { manager.stopObserving() }
    #expect(try await first { manager.buy(product: product("extra_lives"), withHandler: $0) }.get())
    #expect(try await first { manager.buy(product: product("unlock_maps"), withHandler: $0) }.get())
    // The manager finishes what it delivers.
    #expect(await eventually { SKPaymentQueue.default().transactions.isEmpty })
    #expect(await unfinished().isEmpty)

    #expect(try await first { manager.restorePurchases(withHandler: $0) }.get())
    #expect(manager.totalRestoredPurchases == 1, "only the non-consumable is restored")

    session.failTransactionsEnabled = true
    session.failureError = .paymentCancelled
    let cancelled = await first { manager.buy(product: product("superpowers"), withHandler: $0) }
    guard case let .failure(error) = cancelled, case .paymentWasCancelled? = error as? IAPManager.IAPManagerError else {
      Issue.record("expected paymentWasCancelled, got \(cancelled)")
      return
    }
    session.failureError = .paymentNotAllowed
    let refused = await first { manager.buy(product: product("superpowers"), withHandler: $0) }
    guard case let .failure(failure) = refused else {
      Issue.record("expected a failure, got \(refused)")
      return
    }
    #expect((failure as? SKError)?.code == .paymentNotAllowed)
    #expect(await eventually { SKPaymentQueue.default().transactions.isEmpty })
  }

  /// The first result a handler-taking call of the manager hands back: the manager keeps its
  /// handlers after calling them, so a later call would call them again.
  func first<Success: Sendable, Failure: Error>(
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

  /// Waits, for at most ten seconds, until `condition` holds: the queue's observer calls come
  /// on the main queue after the call that caused them.
  func eventually(_ condition: () async -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      if await condition() { return true }
      try? await Task.sleep(nanoseconds: 20_000_000)
    }
    return await condition()
  }

  /// The identifiers of the transactions not finished yet.
  func unfinished() async -> [UInt64] {
    var ids: [UInt64] = []
    for await result in Transaction.unfinished { ids.append(result.unsafePayloadValue.id) }
    return ids
  }
}
