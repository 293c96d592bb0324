import Foundation
import Testing

@testable import IAPCatalog
@testable import IAPCore

/// A `.storekit` file's simulated failures: `_storeKitErrors` entries for every StoreKit API
/// (Xcode's `FailableStoreKitAPI`: loadProducts, purchase, appStoreSync, subscriptionStatus,
/// appTransaction, refundRequest, offerCodeRedeem, manageSubscriptions, verification), each
/// read into its `fail-…` setting, and the older `_failTransactionsEnabled`.
@Suite struct StoreKitErrorSettingsTests {
  typealias F = StoreKitFixtures

  func load(_ text: String) throws(CatalogError) -> CatalogLoader.Loaded {
    try CatalogLoader.parse(Data(text.utf8), displayPath: "Shop.storekit")
  }

  /// Xcode's other failable APIs (`FailableStoreKitAPI`) map to a setting each:
  /// App Store Sync, Subscription Status, App Transaction, the Refund Request, Offer Code Redeem
  /// and Manage Subscriptions sheets; a disabled
  /// entry is off.
  @Test func mapsTheOtherFailableAPIs() throws {
    let entries = #"""
      [ { "current" : { "generic" : { "error" : "networkError" } }, "enabled" : true, "name" : "App Store Sync" },
        { "current" : null, "enabled" : true, "name" : "Subscription Status" },
        { "current" : "userCancelled", "enabled" : true, "name" : "App Transaction" },
        { "current" : null, "enabled" : false, "name" : "Refund Request Sheet" },
        { "current" : { "generic" : { "error" : "unknown" } }, "enabled" : true, "name" : "Offer Code Redeem Sheet" },
        { "current" : { "generic" : { "error" : "systemError" } }, "enabled" : true, "name" : "Manage Subscriptions Sheet" },
        { "current" : { "verification" : "VerificationResult.VerificationError.revokedCertificate" }, "enabled" : true, "name" : "Verification" } ]
      """#
    let loaded = try load(F.file(#""settings" : { "_storeKitErrors" : \#(entries) }"#))
    #expect(loaded.catalog.settings["fail-app-store-sync"] == "cloudServiceNetworkConnectionFailed")
    #expect(loaded.catalog.settings["fail-subscription-status"] == "unknown")
    #expect(loaded.catalog.settings["fail-app-transaction"] == "paymentCancelled")
    #expect(loaded.catalog.settings["fail-refund-request"] == "off")
    #expect(loaded.catalog.settings["fail-offer-code-redeem"] == "unknown")
    // StoreKitError.systemError has no SKError counterpart: unknown, with a warning below.
    #expect(loaded.catalog.settings["fail-manage-subscriptions"] == "unknown")
    #expect(loaded.catalog.settings["fail-verification"] == "revokedCertificate")
    #expect(loaded.warnings == [
      #"Shop.storekit: settings._storeKitErrors[5].current: the chosen error {"generic":{"error":"systemError"}} has no SKError counterpart; fail-manage-subscriptions is unknown"#
    ])
    let unnamed = try load(F.file(#""settings" : { "_storeKitErrors" : [ { "current" : null, "enabled" : true, "name" : "Verification" } ] }"#))
    #expect(unnamed.catalog.settings["fail-verification"] == "invalidSignature")
    #expect(unnamed.warnings == ["Shop.storekit: settings._storeKitErrors[0].current: no error chosen; fail-verification is invalidSignature"])
  }

  @Test func mapsTheOldFailureSettings() throws {
    let enabled = try load(F.file(#""settings" : { "_failTransactionsEnabled" : true, "_storeKitError" : 2 }"#)).catalog
    #expect(enabled.settings["fail-purchase"] == "paymentCancelled")
    let noCode = try load(F.file(#""settings" : { "_failTransactionsEnabled" : true }"#)).catalog
    #expect(noCode.settings["fail-purchase"] == "unknown")
    let disabled = try load(F.file(#""settings" : { "_failTransactionsEnabled" : false, "_storeKitError" : 2 }"#)).catalog
    #expect(disabled.settings["fail-purchase"] == "off")
    let unknown = try load(F.file(#""settings" : { "_failTransactionsEnabled" : true, "_storeKitError" : 99 }"#))
    #expect(unknown.catalog.settings["fail-purchase"] == nil)
    #expect(unknown.warnings == ["Shop.storekit: settings._storeKitError: unknown SKError code 99; fail-purchase not set"])
  }

  @Test func mapsSimulatedPurchaseErrors() throws {
    func failPurchase(_ current: String) throws -> (String?, [String]) {
      let loaded = try load(F.file(#""settings" : { "_failTransactionsEnabled" : false, "_storeKitErrors" : [ { "current" : \#(current), "enabled" : true, "name" : "Purchase" } ] }"#))
      return (loaded.catalog.settings["fail-purchase"], loaded.warnings)
    }
    #expect(try failPurchase(#"{ "index" : 2, "error" : "Product.PurchaseError.productUnavailable" }"#).0 == "storeProductNotAvailable")
    #expect(try failPurchase(#""paymentCancelled""#).0 == "paymentCancelled")
    #expect(try failPurchase(#""Product.PurchaseError.productUnavailable()""#).0 == "storeProductNotAvailable", "a call's parentheses")
    #expect(try failPurchase(#"{ "generic" : { "error" : "userCancelled" } }"#).0 == "paymentCancelled")
    let none = try failPurchase("null")
    #expect(none.0 == "unknown")
    #expect(none.1 == ["Shop.storekit: settings._storeKitErrors[0].current: no error chosen; fail-purchase is unknown"])
    let unmapped = try failPurchase(#"{ "index" : 3, "error" : "systemError" }"#)
    #expect(unmapped.0 == nil)
    #expect(unmapped.1 == [
      #"Shop.storekit: settings._storeKitErrors[0].current: {"index":3,"error":"systemError"} has no SKError counterpart; fail-purchase not set"#
    ])
  }

  @Test func warnsAboutFailuresItCannotSimulate() throws {
    let entries = #"[ { "current" : { "index" : 1 }, "enabled" : true, "name" : "Load Products" }, { "current" : null, "enabled" : true, "name" : "Message Extensions" }, { "current" : null, "enabled" : false, "name" : "App Transaction" } ]"#
    let loaded = try load(F.file(#""settings" : { "_storeKitErrors" : \#(entries) }"#))
    #expect(loaded.catalog.settings["fail-load-products"] == "unknown")
    #expect(loaded.warnings == [
      #"Shop.storekit: settings._storeKitErrors[0].current: the chosen error {"index":1} has no SKError counterpart; fail-load-products is unknown"#,
      "Shop.storekit: settings._storeKitErrors[1]: simulated Message Extensions errors are not mapped (ignored)",
    ])
  }
}
