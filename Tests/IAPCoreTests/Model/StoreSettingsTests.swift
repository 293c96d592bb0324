import Testing

@testable import IAPCore
@testable import IAPFormats

@Suite struct StoreSettingsTests {
  @Test func layersBuiltInDefaultsThenTheCatalogThenOverrides() {
    let settings = StoreSettings(
      storefront: "FRA", locale: "fr_FR", catalogSettings: [("ask-to-buy", "on"), ("fail-restore", "unknown")],
      overrides: ["ask-to-buy": "off", "fail-purchase": "paymentInvalid"])
    #expect(settings.storefront == "FRA")
    #expect(settings.sources["storefront"] == .builtIn)
    #expect(!settings.askToBuy)
    #expect(settings.sources["ask-to-buy"] == .set)
    #expect(settings.failRestore == .unknown)
    #expect(settings.sources["fail-restore"] == .catalog)
    #expect(settings.failPurchase == .paymentInvalid)
    #expect(settings.canMakePayments)
    #expect(settings.failLoadProducts == nil)
  }

  @Test(arguments: [
    ("ask-to-buy", "ON", "on"), ("ask-to-buy", "0", "off"), ("can-make-payments", "no", "off"),
    ("fail-purchase", "2", "paymentCancelled"), ("fail-purchase", "paymentinvalid", "paymentInvalid"),
    ("fail-restore", "off", "off"), ("storefront", "fra", "FRA"), ("locale", "de-DE", "de_DE"),
    ("fail-load-products", "on", "unknown"), ("fail-purchase", "ON", "unknown"),
    ("original-platform", "macos", "macOS"), ("preorder-date", "2025-12-01T09:00:00Z", "2025-12-01T09:00:00Z"), ("preorder-date", "OFF", "off"),
  ])
  func normalizesValues(_ key: String, _ value: String, _ expected: String) throws {
    #expect(try StoreSettings.normalize(key: key, value: value) == expected)
  }

  @Test func rejectsUnknownKeysAndBadValues() {
    #expect(throws: SettingError.unknownKey("colour")) { try StoreSettings.normalize(key: "colour", value: "on") }
    #expect(throws: SettingError.self) { try StoreSettings.normalize(key: "ask-to-buy", value: "maybe") }
    #expect(throws: SettingError.self) { try StoreSettings.normalize(key: "fail-purchase", value: "99") }
    #expect(throws: SettingError.self) { try StoreSettings.normalize(key: "storefront", value: "US") }
  }

  @Test func anInvalidValueNamesItsKindsGrammar() {
    for spec in StoreSettings.specs {
      #expect(throws: SettingError.invalidValue(key: spec.name, value: "a\nb c", expected: spec.kind.grammar)) {
        try StoreSettings.normalize(key: spec.name, value: "a\nb c")
      }
    }
  }

  /// AppTransaction's `originalPlatform` (iOS, macOS, tvOS, visionOS) and `preorderDate`
  /// ("nil if the customer didn't pre-order the app") come from two settings.
  @Test func theAppTransactionTakesItsPlatformAndPreorderDateFromTheSettings() {
    let settings = StoreSettings(
      storefront: "USA", locale: "en_US", overrides: ["original-platform": "tvOS", "preorder-date": "2025-12-01T09:00:00Z"])
    var app = AppTransaction(
      environment: .sandbox, bundleId: "b", appAppleId: nil, appTransactionId: "1", originalPurchaseDate: Timestamp(milliseconds: 0),
      receiptCreationDate: Timestamp(milliseconds: 0), deviceVerification: nil, deviceVerificationNonce: nil)
    #expect(app.payload["originalPlatform"] == .string("iOS"))
    #expect(app.payload["preorderDate"] == nil)
    app.originalPlatform = settings.originalPlatform
    app.preorderDate = settings.preorderDate
    #expect(app.payload["originalPlatform"] == .string("tvOS"))
    #expect(app.payload["preorderDate"] == .int(1_764_579_600_000))
    #expect(StoreSettings(storefront: "USA", locale: "en_US").preorderDate == nil)
  }
}
