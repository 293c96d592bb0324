import Foundation
import Testing

@testable import IAPCrypto
@testable import IAPFormats
@testable import IAPStoreKit

/// IAPStoreKit against a real store (issue 26): what an app's purchase code sees.
@Suite struct IAPStoreTests {
  let server: StoreServer
  let store: IAPStore
  static let maps = "com.example.fakegame.unlock_maps"
  static let monthly = "com.example.fakegame.pro.monthly"

  init() throws {
    server = try StoreServer()
    store = IAPStore(url: server.url, namespace: "app")
  }

  func product(_ id: String) async throws -> Product {
    try #require(try await store.products(for: [id]).first)
  }

  func purchased(_ id: String) async throws -> Transaction {
    guard case let .success(.verified(transaction)) = try await store.purchase(try await product(id)) else {
      Issue.record("\(id) was not purchased and verified")
      throw IAPStoreError(status: 0, name: "test", message: "not purchased")
    }
    return transaction
  }

  @Test func productsLoadAsStoreKitShowsThem() async throws {
    let products = try await store.products(for: [Self.maps, "com.example.nope", Self.monthly])
    #expect(products.map(\.id) == [Self.maps, Self.monthly])
    #expect(products[0].type == .nonConsumable && products[0].displayPrice == "$2.99" && products[0].price == Decimal(string: "2.99"))
    #expect(products[1].subscription?.subscriptionPeriod == "P1M")
  }

  @Test func aPurchaseIsVerifiedAndEntitlesUntilRefunded() async throws {
    let transaction = try await purchased(Self.maps)
    #expect(transaction.productID == Self.maps && transaction.environment == "LocalTesting")
    #expect(try await store.currentEntitlements.map(\.unsafePayloadValue.productID) == [Self.maps])
    try await store.finish(transaction)
    #expect(try await store.unfinished.isEmpty)
    try server.control("POST", "/transactions/\(transaction.id)/refund", namespace: "app")
    #expect(try await store.currentEntitlements.isEmpty, "a refund revokes the entitlement")
  }

  @Test func anUnfinishedTransactionIsDeliveredAgainAtTheNextLaunch() async throws {
    let transaction = try await purchased(Self.maps)
    let relaunched = IAPStore(url: server.url, namespace: "app")
    #expect(try await relaunched.unfinished.map(\.unsafePayloadValue.id) == [transaction.id])
    var updates = relaunched.updates.makeAsyncIterator()
    #expect(await updates.next()?.unsafePayloadValue.id == transaction.id, "updates hands over the unfinished first")
  }

  /// As StoreKit's: `updates` leaves out what the app's own `purchase` returned, until it
  /// changes; and finishing twice is no error.
  @Test func updatesLeaveOutWhatPurchaseReturnedUntilItIsRefunded() async throws {
    var updates = store.updates.makeAsyncIterator()
    let bought = try await purchased(Self.maps)
    try await bought.finish()
    try await bought.finish()
    try server.control("POST", "/transactions/\(bought.id)/refund", namespace: "app")
    let update = await updates.next()?.unsafePayloadValue
    #expect(update?.id == bought.id)
    #expect(update?.revocationDate != nil, "the first update is the refund, not the purchase")
  }

  @Test func askToBuyIsPendingThenArrivesThroughUpdates() async throws {
    try server.control("PATCH", "/settings", #"{"ask-to-buy": "on"}"#, namespace: "app")
    guard case .pending = try await store.purchase(try await product(Self.maps)) else {
      Issue.record("an Ask to Buy purchase is pending")
      return
    }
    var updates = store.updates.makeAsyncIterator()
    try server.control("POST", "/transactions/1/approve", namespace: "app")
    let update = await updates.next()
    #expect(update?.unsafePayloadValue.productID == Self.maps)
    if case .verified = update {} else { Issue.record("the approved transaction verifies") }
  }

  @Test func aSubscriptionRenewsAsTheClockMovesAndExpiresAfterCancel() async throws {
    let first = try await purchased(Self.monthly)
    try await store.finish(first)
    try server.control("POST", "/clock/advance", #"{"by": "32d"}"#, namespace: "app")
    let renewal = try #require(try await store.latest(for: Self.monthly)?.unsafePayloadValue)
    #expect(renewal.originalID == first.id && renewal.id != first.id)
    try server.control("POST", "/subscriptions/\(Self.monthly)/cancel", namespace: "app")
    try server.control("POST", "/clock/advance", #"{"by": "32d"}"#, namespace: "app")
    #expect(try await store.currentEntitlements.isEmpty, "cancelled, it lapses at the end of the period")
  }

  @Test func aTamperedTransactionIsUnverifiedWithTheReason() async throws {
    let jws = try await purchased(Self.maps).jwsRepresentation
    let parts = jws.split(separator: ".").map(String.init)
    var payload = try #require(try? JSONParser.parse(try Base64URL.decode(parts[1])))
    payload = .object((payload.objectValue ?? []).map { $0.0 == "quantity" ? ($0.0, .int(5)) : $0 })
    let tampered = parts[0] + "." + Base64URL.encode(Array(JSONWriter.compact(payload).utf8)) + "." + parts[2]
    guard case let .unverified(transaction, error) = try store.verifier.transaction(tampered) else {
      Issue.record("a tampered transaction verified")
      return
    }
    #expect(transaction.purchasedQuantity == 5)
    #expect(error.description.contains("HMAC does not verify"))
  }

  /// Issue 29: `fail-verification` (Xcode's simulated Verification failures): a purchase
  /// succeeds, and what it hands over is unverified with the chosen `VerificationError`.
  @Test func aSimulatedVerificationFailureLeavesValuesUnverified() async throws {
    try server.control("PATCH", "/settings", #"{"fail-verification": "revokedCertificate"}"#, namespace: "app")
    store.reloadKeys()
    guard case let .success(.unverified(transaction, error)) = try await store.purchase(try await product(Self.maps)) else {
      Issue.record("the purchase was not unverified")
      return
    }
    #expect(transaction.productID == Self.maps)
    #expect(error == .simulated("revokedCertificate"))
    try server.control("PATCH", "/settings", #"{"fail-verification": "off"}"#, namespace: "app")
    store.reloadKeys()
    _ = try await purchased(Self.monthly)
  }

  @Test func inSandboxTheChainToTheStoresRootVerifies() async throws {
    try server.control("PATCH", "/settings", #"{"environment": "Sandbox"}"#, namespace: "app")
    store.reloadKeys()
    let transaction = try await purchased(Self.maps)
    #expect(transaction.environment == "Sandbox")
    let parts = transaction.jwsRepresentation.split(separator: ".").map(String.init)
    // One character of the signature changed: still base64url, no longer the leaf's signature.
    let signature = Array(parts[2])
    let forged = parts[0] + "." + parts[1] + "." + String([signature[0] == "A" ? "B" : "A"] + signature.dropFirst())
    guard case let .unverified(_, error) = try store.verifier.transaction(forged) else {
      Issue.record("a forged signature verified")
      return
    }
    #expect(error.description.contains("signature"))
  }

  @Test func subscriptionStatusComesWithSignedRenewalInfo() async throws {
    #expect(try await store.isEligibleForIntroOffer(try await product(Self.monthly)))
    let first = try await purchased(Self.monthly)
    #expect(try await !store.isEligibleForIntroOffer(try await product("com.example.fakegame.pro.yearly")), "the group's, not the product's")
    try await first.finish()
    #expect(try await store.unfinished.isEmpty, "Transaction.finish() finishes it")
    let status = try #require(try await store.subscriptionStatus(for: Self.monthly).first)
    #expect(status.state == .subscribed)
    guard case let .verified(renewal) = status.renewalInfo else {
      Issue.record("the renewal info verifies")
      return
    }
    #expect(renewal.willAutoRenew && renewal.originalTransactionID == first.id && renewal.currentProductID == Self.monthly)
    #expect(status.transaction.unsafePayloadValue.id == first.id)
    try server.control("POST", "/subscriptions/\(Self.monthly)/cancel", namespace: "app")
    let cancelled = try #require(try await store.subscriptionStatus(for: Self.monthly).first)
    #expect(cancelled.renewalInfo.unsafePayloadValue.willAutoRenew == false)
  }

  /// Issue 29: the manage-subscriptions sheet opens on the account's groups, and fails as
  /// StoreKit's does under `fail-manage-subscriptions` (Xcode's "Manage Subscriptions Sheet").
  @Test func theManageSubscriptionsSheetOpensOrFailsAsSimulated() async throws {
    #expect(try await store.showManageSubscriptions().isEmpty, "no subscription yet: no group")
    #expect(try await store.showManageSubscriptions(subscriptionGroupID: Self.monthly) == ["pro"], "a product names its group")
    _ = try await purchased(Self.monthly)
    #expect(try await store.showManageSubscriptions() == ["pro"])
    try server.control("PATCH", "/settings", #"{"fail-manage-subscriptions": "cloudServiceNetworkConnectionFailed"}"#, namespace: "app")
    do {
      try await store.showManageSubscriptions()
      Issue.record("the sheet opened under a simulated failure")
    } catch {
      #expect(error.status == 409 && error.message.contains("cloudServiceNetworkConnectionFailed"))
    }
  }

  @Test func theAppTransactionVerifies() async throws {
    guard case let .verified(app) = try await store.appTransaction() else {
      Issue.record("the app transaction verifies")
      return
    }
    #expect(app.bundleID == "com.example.fakegame")
  }

  @Test func theStoresErrorsComeWithItsNames() async throws {
    let fake = try #require(try await store.products(for: [Self.maps]).first)
    #expect(try server.control("POST", "/transactions/9/finish", namespace: "app").status == 404)
    do {
      _ = try await store.purchase(fake, options: [.quantity(2)])
      Issue.record("a quantity of a non-consumable was sold")
    } catch {
      #expect(error.name == "paymentInvalid")
    }
  }
}
