import Foundation
import Testing

@testable import IAPFormats
@testable import StoreKit
@testable import StoreKitTest

/// `SKTestSession`'s subscription controls and settings: renewals by the time rate and the
/// store's clock, forced renewal and expiry, auto-renew, price increase consent, and
/// `resetToDefaultState()` going back to the configuration file's settings.
@Suite struct SKTestSessionSubscriptionTests {
  @Test func theTimeRateRenewsAsTheClockPassesAndRenewalCanBeForcedOrExpired() throws {
    let session = try SKTestSession(configurationFileNamed: "Products")
    session.timeRate = .monthlyRenewalEveryThirtySeconds
    #expect(session.timeRate == .monthlyRenewalEveryThirtySeconds)
    try session.buyProduct(productIdentifier: "shop.club.monthly")
    let bought = try #require(session.allTransactions().first)
    let period = try #require(bought.expirationDate).timeIntervalSince(bought.purchaseDate)
    #expect(period == 30, "a month in thirty seconds")
    #expect(bought.autoRenewingEnabled)

    _ = try session.request("POST", "/clock/advance", body: .object([("by", .string("31s"))]))
    #expect(session.allTransactions().count == 2, "renewed once the period passed")
    try session.forceRenewalOfSubscription(productIdentifier: "shop.club.monthly")
    let renewed = session.allTransactions()
    #expect(renewed.count == 3)
    #expect(renewed.allSatisfy { $0.originalTransactionIdentifier == bought.identifier })

    try session.expireSubscription(productIdentifier: "shop.club.monthly")
    let now = try #require(Timestamp(iso8601: session.request("GET", "/clock")["now"]?.stringValue ?? ""))
    let latest = try #require(session.allTransactions().last?.expirationDate)
    #expect(latest.timeIntervalSince1970 <= Double(now.milliseconds) / 1000)
    #expect(session.allTransactions().allSatisfy { !$0.autoRenewingEnabled })
    #expect(throws: SKTestError(.noSubscriptionFound)) { try session.expireSubscription(productIdentifier: "shop.levels") }
  }

  @Test func autoRenewAndPriceIncreaseConsentFollowTheTransaction() throws {
    let session = try SKTestSession(configurationFileNamed: "Products")
    try session.buyProduct(productIdentifier: "shop.club.monthly")
    let bought = try #require(session.allTransactions().first)
    try session.disableAutoRenewForTransaction(identifier: bought.identifier)
    #expect(session.allTransactions().first?.autoRenewingEnabled == false)
    try session.enableAutoRenewForTransaction(identifier: bought.identifier)
    #expect(session.allTransactions().first?.autoRenewingEnabled == true)

    try session.requestPriceIncreaseConsentForTransaction(identifier: bought.identifier)
    #expect(session.allTransactions().first?.isPendingPriceIncreaseConsent == true)
    let increase = try session.request("GET", "/status")["subscriptions"]?.arrayValue?.first?["priceIncrease"]
    #expect(increase?["price"]?.stringValue == "3.29", "2.99 and 10%, rounded up to the cent")
    try session.consentToPriceIncreaseForTransaction(identifier: bought.identifier)
    #expect(session.allTransactions().first?.isPendingPriceIncreaseConsent == false)

    try session.requestPriceIncreaseConsentForTransaction(identifier: bought.identifier)
    try session.declinePriceIncreaseForTransaction(identifier: bought.identifier)
    #expect(session.allTransactions().first?.autoRenewingEnabled == false, "declining turns auto-renew off")
    #expect(throws: SKTestError(.invalidAction)) { try session.consentToPriceIncreaseForTransaction(identifier: bought.identifier) }
  }

  @Test func billingRetryGivesTheRenewalAPurchaseIssueThatResolvingClears() throws {
    let session = try SKTestSession(configurationFileNamed: "Products")
    session.timeRate = .monthlyRenewalEveryThirtySeconds
    try session.buyProduct(productIdentifier: "shop.club.monthly")
    session.shouldEnterBillingRetryOnRenewal = true
    session.billingGracePeriodIsEnabled = true
    #expect(session.shouldEnterBillingRetryOnRenewal && session.billingGracePeriodIsEnabled)
    _ = try session.request("POST", "/clock/advance", body: .object([("by", .string("31s"))]))
    let unpaid = session.allTransactions()
    #expect(unpaid.map(\.hasPurchaseIssue) == [true], "the renewal failed: the period bought is the one with an issue")
    try session.resolveIssueForTransaction(identifier: unpaid[0].identifier)
    let paid = session.allTransactions()
    #expect(paid.count == 2, "the renewal went through")
    #expect(paid.allSatisfy { !$0.hasPurchaseIssue })
  }

  @Test func resettingGoesBackToTheConfigurationFilesSettings() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skts-reset-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try ConfigurationFile.named("Products").contents
    let custom = source.replacingOccurrences(of: "\"_askToBuyEnabled\" : false", with: "\"_askToBuyEnabled\" : true")
      .replacingOccurrences(of: "\"_disableDialogs\" : false", with: "\"_disableDialogs\" : true")
      .replacingOccurrences(of: "\"_storefront\" : \"USA\"", with: "\"_storefront\" : \"CAN\"")
    let url = folder.appendingPathComponent("Canada.storekit")
    try custom.write(to: url, atomically: true, encoding: .utf8)

    let session = try SKTestSession(contentsOf: url)
    #expect(session.storefront == "CAN" && session.askToBuyEnabled && session.disableDialogs)
    session.storefront = "FRA"
    session.askToBuyEnabled = false
    session.disableDialogs = false
    session.locale = Locale(identifier: "fr_FR")
    session.timeRate = .oneRenewalEveryMinute
    session.failTransactionsEnabled = true
    #expect(session.storefront == "FRA" && session.locale.identifier == "fr_FR" && session.timeRate == .oneRenewalEveryMinute)
    try session.buyProduct(productIdentifier: "shop.levels")

    session.resetToDefaultState()
    #expect(session.storefront == "CAN")
    #expect(session.askToBuyEnabled)
    #expect(session.disableDialogs)
    #expect(session.locale.identifier == "en_US")
    #expect(session.timeRate == .realTime)
    #expect(!session.failTransactionsEnabled)
    #expect(session.allTransactions().count == 1, "transactions stay")
  }
}
