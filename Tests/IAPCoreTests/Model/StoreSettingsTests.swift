import Testing

@testable import IAPCore

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
}
