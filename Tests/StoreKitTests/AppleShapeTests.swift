import Foundation
import IAPFormats
import StoreKit
import Testing

// An app's store manager, written as apps write theirs against Apple's StoreKit (the shape
// of Apple's "Implementing a store in your app using the StoreKit API" sample): it must
// compile unchanged against this module, and work.

typealias RenewalState = StoreKit.Product.SubscriptionInfo.RenewalState

enum StoreError: Error {
  case failedVerification
}

@MainActor final class Store {
  private(set) var cars: [Product] = []
  private(set) var fuel: [Product] = []
  private(set) var subscriptions: [Product] = []
  private(set) var nonRenewables: [Product] = []

  private(set) var purchasedCars: [Product] = []
  private(set) var purchasedNonRenewableSubscriptions: [Product] = []
  private(set) var purchasedSubscriptions: [Product] = []
  private(set) var subscriptionGroupStatus: RenewalState?
  private(set) var lastError: String?

  var updateListenerTask: Task<Void, Error>?

  private let productIdToEmoji: [String: String]

  init(productIdToEmoji: [String: String]) {
    self.productIdToEmoji = productIdToEmoji
    updateListenerTask = listenForTransactions()
    Task {
      await requestProducts()
      await updateCustomerProductStatus()
    }
  }

  func listenForTransactions() -> Task<Void, Error> {
    Task(priority: .background) {
      // Iterate through any transactions that don't come from a direct call to `purchase()`.
      for await result in Transaction.updates {
        do {
          let transaction = try self.checkVerified(result)
          // Deliver products to the user.
          await self.updateCustomerProductStatus()
          // Always finish a transaction.
          await transaction.finish()
        } catch {
          // StoreKit has a transaction that fails verification. Don't deliver content to the user.
          print("Transaction failed verification")
        }
      }
    }
  }

  func requestProducts() async {
    do {
      let storeProducts = try await Product.products(for: productIdToEmoji.keys)
      var newCars: [Product] = []
      var newSubscriptions: [Product] = []
      var newNonRenewables: [Product] = []
      var newFuel: [Product] = []
      for product in storeProducts {
        switch product.type {
        case .consumable:
          newFuel.append(product)
        case .nonConsumable:
          newCars.append(product)
        case .autoRenewable:
          newSubscriptions.append(product)
        case .nonRenewable:
          newNonRenewables.append(product)
        default:
          print("Unknown product")
        }
      }
      cars = sortByPrice(newCars)
      subscriptions = sortByPrice(newSubscriptions)
      nonRenewables = sortByPrice(newNonRenewables)
      fuel = sortByPrice(newFuel)
    } catch let error as StoreKitError {
      switch error {
      case .networkError(let urlError):
        lastError = "network: \(urlError.code)"
      case .userCancelled, .notAvailableInStorefront, .notEntitled, .unsupported, .unknown, .systemError:
        lastError = error.localizedDescription
      @unknown default:
        lastError = "unknown"
      }
    } catch {
      print("Failed product request from the App Store server. \(error)")
    }
  }

  func purchase(_ product: Product, options: Set<Product.PurchaseOption> = []) async throws -> Transaction? {
    let result = try await product.purchase(options: options)
    switch result {
    case .success(let verification):
      let transaction = try checkVerified(verification)
      await updateCustomerProductStatus()
      await transaction.finish()
      return transaction
    case .userCancelled, .pending:
      return nil
    @unknown default:
      return nil
    }
  }

  func isPurchased(_ product: Product) async throws -> Bool {
    switch product.type {
    case .nonRenewable:
      return purchasedNonRenewableSubscriptions.contains(product)
    case .nonConsumable:
      return purchasedCars.contains(product)
    case .autoRenewable:
      return purchasedSubscriptions.contains(product)
    default:
      return false
    }
  }

  nonisolated func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
    switch result {
    case .unverified(_, let error):
      switch error {
      case .invalidSignature, .invalidCertificateChain, .revokedCertificate, .invalidEncoding, .invalidDeviceVerification,
        .missingRequiredProperties:
        throw StoreError.failedVerification
      @unknown default:
        throw StoreError.failedVerification
      }
    case .verified(let safe):
      return safe
    }
  }

  func updateCustomerProductStatus() async {
    var purchasedCars: [Product] = []
    var purchasedSubscriptions: [Product] = []
    var purchasedNonRenewableSubscriptions: [Product] = []
    for await result in Transaction.currentEntitlements {
      do {
        let transaction = try checkVerified(result)
        switch transaction.productType {
        case .nonConsumable:
          if let car = cars.first(where: { $0.id == transaction.productID }) {
            purchasedCars.append(car)
          }
        case .nonRenewable:
          if let nonRenewable = nonRenewables.first(where: { $0.id == transaction.productID }) {
            // Non-renewing subscriptions have no inherent expiration date: this one lasts a year.
            let expirationDate = Calendar(identifier: .gregorian).date(byAdding: DateComponents(year: 1), to: transaction.purchaseDate)!
            if Date() < expirationDate {
              purchasedNonRenewableSubscriptions.append(nonRenewable)
            }
          }
        case .autoRenewable:
          if let subscription = subscriptions.first(where: { $0.id == transaction.productID }) {
            purchasedSubscriptions.append(subscription)
          }
        default:
          break
        }
      } catch {
        print()
      }
    }
    self.purchasedCars = purchasedCars
    self.purchasedNonRenewableSubscriptions = purchasedNonRenewableSubscriptions
    self.purchasedSubscriptions = purchasedSubscriptions
    subscriptionGroupStatus = try? await subscriptions.first?.subscription?.status.max { lhs, rhs in
      lhs.state.rawValue < rhs.state.rawValue
    }?.state
  }

  func emoji(for productId: String) -> String {
    productIdToEmoji[productId]!
  }

  func sortByPrice(_ products: [Product]) -> [Product] {
    products.sorted(by: { $0.price < $1.price })
  }

  func describe(_ period: Product.SubscriptionPeriod) -> String {
    switch period.unit {
    case .day: return "\(period.value) days"
    case .week: return "\(period.value) weeks"
    case .month: return "\(period.value) months"
    case .year: return "\(period.value) years"
    @unknown default: return "\(period.value) periods"
    }
  }

  func explain(_ error: Product.PurchaseError) -> String {
    switch error {
    case .invalidQuantity, .productUnavailable, .purchaseNotAllowed, .ineligibleForOffer, .invalidOfferIdentifier, .invalidOfferPrice,
      .invalidOfferSignature, .missingOfferParameters:
      return error.localizedDescription
    @unknown default:
      return "unknown"
    }
  }
}

/// The store manager above, run against a store of the test's own.
@Suite struct AppleShapeTests {
  static let catalog = [
    "com.example.fakegame.rocket_car": "🏎", "com.example.fakegame.unlock_maps": "🗺", "com.example.fakegame.extra_lives": "❤️",
    "com.example.fakegame.pro.monthly": "⭐️", "com.example.fakegame.pro.yearly": "🌟", "com.example.fakegame.season_pass": "🎟",
  ]

  @Test func aStoreManagerWrittenForApplesStoreKitWorksUnchanged() async throws {
    try await TestStore.run { store in
      let manager = await Store(productIdToEmoji: Self.catalog)
      #expect(await eventually { await MainActor.run { manager.cars.count == 2 && manager.subscriptions.count == 2 } })
      #expect(await manager.fuel.map(\.id) == ["com.example.fakegame.extra_lives"])
      #expect(await manager.nonRenewables.map(\.id) == ["com.example.fakegame.season_pass"])
      #expect(await manager.subscriptionGroupStatus == nil)

      let car = try #require(await manager.cars.first { $0.id == "com.example.fakegame.rocket_car" })
      let bought = try #require(try await manager.purchase(car))
      #expect(bought.productID == car.id)
      #expect(try await manager.isPurchased(car))

      let monthly = try #require(await manager.subscriptions.first { $0.id == "com.example.fakegame.pro.monthly" })
      #expect(await manager.describe(try #require(monthly.subscription).subscriptionPeriod) == "1 months")
      _ = try await manager.purchase(monthly)
      #expect(await manager.subscriptionGroupStatus == .subscribed)

      // A refund from outside reaches the listener, which updates what the customer owns.
      _ = try await store.call("POST", "/transactions/\(bought.id)/refund")
      #expect(await eventually { await !((try? manager.isPurchased(car)) ?? true) })

      // An approval of a purchase asked for (Ask to Buy) is delivered the same way.
      _ = try await store.call("PATCH", "/settings", body: .object([("ask-to-buy", .string("on"))]))
      let maps = try #require(await manager.cars.first { $0.id == "com.example.fakegame.unlock_maps" })
      #expect(try await manager.purchase(maps) == nil)
      let deferred = try await store.call("GET", "/transactions?state=deferred")["transactions"]?.arrayValue ?? []
      let id = try #require(deferred.first?["id"]?.stringValue)
      _ = try await store.call("POST", "/transactions/\(id)/approve")
      #expect(await eventually { (try? await manager.isPurchased(maps)) == true })

      await manager.updateListenerTask?.cancel()
      #expect(await manager.explain(.purchaseNotAllowed).isEmpty == false)
    }
  }
}
