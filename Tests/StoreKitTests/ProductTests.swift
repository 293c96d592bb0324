import Foundation
import Testing

@testable import IAPFormats
@testable import StoreKit

/// `Product.products(for:)` and the fields StoreKit types, from the store's catalog.
@Suite struct ProductTests {
  static let maps = "com.example.fakegame.unlock_maps"
  static let lives = "com.example.fakegame.extra_lives"
  static let monthly = "com.example.fakegame.pro.monthly"

  @Test func productsHaveTheirTypedFieldsAndUnknownIdsAreLeftOut() async throws {
    try await TestStore.run { _ in
      let products = try await Product.products(for: [Self.maps, Self.lives, "com.example.nope"])
      #expect(Set(products.map(\.id)) == [Self.maps, Self.lives])
      let maps = try #require(products.first { $0.id == Self.maps })
      #expect(maps.type == .nonConsumable)
      #expect(maps.displayName == "Unlock All Maps")
      #expect(maps.description == "Every world, now and in future updates.")
      #expect(maps.price == Decimal(string: "2.99"))
      #expect(maps.displayPrice == "$2.99")
      #expect(maps.price.formatted(maps.priceFormatStyle) == "$2.99")
      #expect(maps.isFamilyShareable)
      #expect(maps.subscription == nil)
      let json = try JSONParser.parse(Array(maps.jsonRepresentation))
      #expect(json["id"]?.stringValue == Self.maps)
      #expect(products.first { $0.id == Self.lives }?.type == .consumable)
    }
  }

  @Test func aSubscriptionHasItsPeriodGroupAndOffers() async throws {
    try await TestStore.run { _ in
      let product = try #require(try await Product.products(for: [Self.monthly]).first)
      #expect(product.type == .autoRenewable)
      let subscription = try #require(product.subscription)
      #expect(subscription.subscriptionGroupID == "pro")
      #expect(subscription.subscriptionPeriod == Product.SubscriptionPeriod(unit: .month, value: 1))
      #expect(subscription.subscriptionPeriod.unit == .month && subscription.subscriptionPeriod.value == 1)
      #expect(subscription.groupLevel == 2)
      let offer = try #require(subscription.promotionalOffers.first { $0.id == "winback.half_price" })
      #expect(offer.type == .promotional)
      #expect(offer.paymentMode == .payAsYouGo)
      #expect(offer.price == Decimal(string: "2.49"))
      #expect(offer.displayPrice == "$2.49")
      #expect(offer.period == Product.SubscriptionPeriod(unit: .month, value: 1))
      #expect(offer.periodCount == 3)
      #expect(await subscription.isEligibleForIntroOffer)
      #expect(await Product.SubscriptionInfo.isEligibleForIntroOffer(for: "pro"))
      #expect(product.subscriptionPeriodUnitFormatStyle.format(.month) == "month")
      #expect(subscription.subscriptionPeriod.unit.formatted(product.subscriptionPeriodUnitFormatStyle) == "month")
      let january = Date(timeIntervalSince1970: 0)
      #expect(subscription.subscriptionPeriod.dateRange(referenceDate: january) == january..<Date(timeIntervalSince1970: 31 * 86_400))
    }
  }

  @Test func anyCollectionOfIdentifiersWillDo() async throws {
    try await TestStore.run { _ in
      let names = [Self.maps: "Maps", Self.lives: "Lives"]
      let fromKeys = try await Product.products(for: names.keys)
      let fromSet = try await Product.products(for: Set([Self.maps]))
      let fromNothing = try await Product.products(for: [String]())
      #expect(Set(fromKeys.map(\.id)) == Set(names.keys))
      #expect(fromSet.map(\.id) == [Self.maps])
      #expect(fromNothing.isEmpty)
    }
  }

  @Test func aSimulatedLoadFailureIsAStoreKitError() async throws {
    try await TestStore.run { store in
      try await TestStore.set(store, [("fail-load-products", .string("cloudServiceNetworkConnectionFailed"))])
      await #expect {
        _ = try await Product.products(for: [Self.maps])
      } throws: { error in
        guard case .networkError? = error as? StoreKitError else { return false }
        return true
      }
    }
  }
}
