import Testing

@testable import IAPCore
@testable import IAPFormats
@testable import IAPKit

/// A transaction's offer as its signed payload names it (`offerType`, `offerIdentifier`,
/// `offerDiscountType`, `offerPeriod`, the price in milliunits), for transactions as the store
/// makes them (`IntroductoryOfferRuntimeTests`, `StoreOfferCodeTests`,
/// `StoreWinBackOfferTests`) and the state keeps them (`PromotionalOfferRecordTests`).
@Suite struct SignedOfferPayloadTests {
  let t0 = Timestamp(iso8601: "2026-01-15T10:00:00Z")!

  func transaction(_ productId: String, _ type: ProductType, price: String) -> Transaction {
    Transaction(
      id: 1, originalId: 1, productId: productId, productType: type, state: .purchased, quantity: 1, purchaseDate: t0,
      originalPurchaseDate: t0, account: "a", device: "d", finished: true, price: price, currency: "USD")
  }

  @Test func aFreeTrialIsSignedAsAnIntroductoryOffer() {
    var trial = transaction("trial", .autoRenewable, price: "0")
    trial.offerDiscountType = .freeTrial
    trial.offerPeriod = "P1W"
    let payload = SignedPayloads.transaction(trial, environment: .localTesting, signedDate: t0)
    #expect(payload["offerType"] == .int(1))
    #expect(payload["offerDiscountType"] == .string("FREE_TRIAL"))
    #expect(payload["offerPeriod"] == .string("P1W"))
    #expect(payload["price"] == .int(0))
  }

  @Test func aOneTimeCodeIsSignedAsAnOfferCode() {
    var t = transaction("gems", .consumable, price: "0.49")
    t.offerDiscountType = .oneTime
    t.redeemedOfferType = .offerCode
    let payload = SignedPayloads.transaction(t, environment: .sandbox, signedDate: t0)
    #expect(payload["offerType"] == .int(3))
    #expect(payload["offerDiscountType"] == .string("ONE_TIME"))
    #expect(payload["price"] == .int(490))
  }

  @Test func aPromotionalOfferIsNamedAndAnIntroductoryOneIsNot() {
    var t = Transaction(
      id: 3, originalId: 1, productId: "basic", productType: .autoRenewable, state: .purchased, quantity: 1, purchaseDate: t0,
      originalPurchaseDate: t0, account: "a", device: "d", offerDiscountType: .freeTrial, offerPeriod: "P1W")
    t.offerIdentifier = "basic.free"
    let payload = SignedPayloads.transaction(t, environment: .localTesting, signedDate: t0)
    #expect(payload["offerType"] == .int(2))
    #expect(payload["offerIdentifier"] == .string("basic.free"))
    t.offerIdentifier = nil
    #expect(SignedPayloads.transaction(t, environment: .localTesting, signedDate: t0)["offerType"] == .int(1))
  }

  @Test func aWinBackOfferIsSignedAsOfferTypeFour() {
    var t = transaction("gold", .autoRenewable, price: "0")
    t.offerIdentifier = "back.free"
    t.redeemedOfferType = .winBack
    t.offerDiscountType = .freeTrial
    t.offerPeriod = "P1M"
    #expect(SignedPayloads.transaction(t, environment: .sandbox, signedDate: t0)["offerType"] == .int(4))
  }
}
