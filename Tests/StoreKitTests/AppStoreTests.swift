import Foundation
import Testing

@testable import IAPFormats
@testable import StoreKit

/// `AppTransaction`, `AppStore`, `Storefront` and `Message` against a store of the test's own.
@Suite struct AppStoreTests {
  @Test func theAppTransactionIsSignedAndCarriesDeviceVerification() async throws {
    try await TestStore.run { _ in
      let result = try await AppTransaction.shared
      guard case let .verified(app) = result else {
        Issue.record("expected a verified app transaction, got \(result)")
        return
      }
      #expect(app.bundleID == "com.example.fakegame")
      #expect(app.appVersion == "1.0" && app.originalAppVersion == "1.0")
      #expect(app.environment == .xcode)
      #expect(app.originalPlatform == .iOS)
      #expect(!app.appTransactionID.isEmpty)
      #expect(app.deviceVerification.count == 48)
      #expect(result.deviceVerificationNonce == app.deviceVerificationNonce)
      // The device's identifier, which deviceVerification hashes with the nonce, is the
      // same at every ask.
      let id = try #require(AppStore.deviceVerificationID)
      #expect(AppStore.deviceVerificationID == id)
    }
  }

  @Test func syncAndItsSimulatedFailure() async throws {
    try await TestStore.run { store in
      try await AppStore.sync()
      try await TestStore.set(store, [("fail-app-store-sync", .string("unknown"))])
      await #expect {
        try await AppStore.sync()
      } throws: { error in
        guard case .unknown? = error as? StoreKitError else { return false }
        return true
      }
    }
  }

  @Test func theStorefrontIsTheStoresAndItsChangesArrive() async throws {
    try await TestStore.run { store in
      let current = try #require(await Storefront.current)
      #expect(current.countryCode == "USA")
      #expect(current.id == "143441")
      #expect(current.currency?.identifier == "USD")
      let collected = Collected<Storefront>()
      let task = Task {
        for await storefront in Storefront.updates { await collected.add(storefront) }
      }
      defer { task.cancel() }
      try await Task.sleep(nanoseconds: 1_000_000_000)
      try await TestStore.set(store, [("storefront", .string("FRA"))])
      #expect(await eventually { await collected.elements.contains { $0.countryCode == "FRA" && $0.currency?.identifier == "EUR" } })
    }
  }
}
