import Foundation
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

/// A `.storekit` file's `_storeKitErrors` entries for the StoreKit APIs beyond Load Products
/// and Purchase (Xcode's `FailableStoreKitAPI`: appStoreSync, subscriptionStatus,
/// appTransaction, refundRequest, offerCodeRedeem, manageSubscriptions, verification), each read into its `fail-…` setting.
@Suite struct StoreKitErrorSettingsTests {
  typealias F = StoreKitFixtures

  func load(_ text: String) throws(IAPError) -> CatalogLoader.Loaded {
    try CatalogLoader.parse(Data(text.utf8), displayPath: "Shop.storekit")
  }

  /// Issue 29: Xcode's other failable APIs (`FailableStoreKitAPI`) map to a setting each:
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
}
