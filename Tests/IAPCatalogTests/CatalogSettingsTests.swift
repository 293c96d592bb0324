import Foundation
import Testing

@testable import IAPCatalog
@testable import IAPCore

@Suite struct CatalogSettingsTests {
  func load(_ text: String) throws(CatalogError) -> CatalogLoader.Loaded {
    try CatalogLoader.parse(Data(text.utf8), displayPath: "catalog.plist")
  }

  func plist(settings: String, top: String = "") -> String {
    CatalogFixtures.plist(products: [], top: top + "<key>settings</key><dict>\(settings)</dict>")
  }

  @Test func keepsOneValuePerNameInAFixedOrder() {
    var settings = CatalogSettings()
    settings.set("fail-purchase", "off")
    settings.set("storefront", "FRA")
    settings.set("ask-to-buy", "on")
    settings.set("storefront", "DEU")
    #expect(settings.pairs.map { "\($0.0)=\($0.1)" } == ["ask-to-buy=on", "fail-purchase=off", "storefront=DEU"])
    #expect(settings["storefront"] == "DEU")
    #expect(settings["locale"] == nil)
    var other = CatalogSettings()
    other.set("ask-to-buy", "on")
    other.set("fail-purchase", "off")
    other.set("storefront", "DEU")
    #expect(settings == other, "the order values were set in does not matter")
  }

  @Test(arguments: [
    ("ask-to-buy", "on", "on"), ("billing-retry", "FALSE", "off"), ("grace-period", "true", "on"), ("fail-load-products", "off", "off"),
    ("storefront", "JPN", "JPN"), ("locale", "fr-CA", "fr_CA"), ("time-rate", "1004", "oneRenewalEveryTenSeconds"),
    ("time-rate", "MonthlyRenewalEveryHour", "monthlyRenewalEveryHour"), ("fail-purchase", "5", "storeProductNotAvailable"),
    ("fail-purchase", "paymentcancelled", "paymentCancelled"), ("fail-purchase", "off", "off"),
    // One grammar with `settings set`: `on` is SKTestSession's default error.
    ("fail-purchase", "on", "unknown"), ("fail-load-products", "true", "unknown"), ("ask-to-buy", "1", "on"),
  ])
  func normalizesValues(_ name: String, _ text: String, _ value: String) {
    #expect(CatalogSettings.normalize(name, text) == value)
  }

  @Test(arguments: [("ask-to-buy", "maybe"), ("storefront", "US"), ("locale", "en US"), ("time-rate", "14"), ("fail-purchase", "sometimes"), ("nope", "on")])
  func rejectsInvalidValues(_ name: String, _ text: String) {
    #expect(CatalogSettings.normalize(name, text) == nil)
  }

  @Test func readsAPlistSettingsDictionary() throws {
    let loaded = try load(plist(settings: """
      <key>ask-to-buy</key><true/><key>billing-retry</key><string>off</string><key>time-rate</key><string>monthlyRenewalEveryThirtySeconds</string>\
      <key>fail-purchase</key><string>paymentNotAllowed</string><key>grace-period</key><false/>
      """))
    #expect(loaded.warnings == [])
    #expect(loaded.catalog.settings.pairs.map { "\($0.0)=\($0.1)" } == [
      "ask-to-buy=on", "fail-purchase=paymentNotAllowed", "time-rate=monthlyRenewalEveryThirtySeconds", "billing-retry=off",
      "grace-period=off",
    ])
  }

  @Test func reportsBadSettingsAndWarnsAboutUnknownOnes() {
    let text = plist(settings: """
      <key>ask-to-buy</key><integer>2</integer><key>time-rate</key><string>fast</string><key>fail-purchase</key><real>1.5</real>\
      <key>storefront</key><string>France</string><key>ask-to-by</key><true/>
      """)
    do {
      _ = try load(text)
      Issue.record("expected the catalog to be rejected")
    } catch {
      guard case let .catalogInvalid(_, problems) = error else { Issue.record("\(error)"); return }
      #expect(problems == [
        "catalog.plist: settings.ask-to-buy: expected on or off, got 2",
        "catalog.plist: settings.fail-purchase: expected \(CatalogSettings.expectation(for: "fail-purchase")), got 1.5",
        #"catalog.plist: settings.storefront: expected an ISO 3166-1 alpha-3 code like "USA", got "France""#,
        #"catalog.plist: settings.time-rate: expected an SKTestSession.TimeRate name like monthlyRenewalEveryFiveMinutes, or its number, got "fast""#,
        "catalog.plist: settings.ask-to-by: unknown setting (ignored) (did you mean 'ask-to-buy'?)",
      ])
    }
  }

  @Test func settingsMustBeADictionary() {
    let text = CatalogFixtures.plist(products: [], top: "<key>settings</key><array/>")
    #expect(throws: CatalogError.catalogInvalid(path: "catalog.plist", problems: ["catalog.plist: settings: expected a dictionary of setting name → value, got an array"])) {
      try load(text)
    }
  }

  /// A plist's storefront and locale settings are the catalog's own unless it gives its own,
  /// as in a `.storekit` file.
  @Test func storefrontAndLocaleSettingsApplyToTheCatalog() throws {
    let adopted = try load(plist(settings: "<key>storefront</key><string>DEU</string><key>locale</key><string>de_DE</string>")).catalog
    #expect(adopted.storefront == "DEU")
    #expect(adopted.locale == "de_DE")
    let conflicting = try load(plist(settings: "<key>locale</key><string>de_DE</string>", top: "<key>locale</key><string>fr_FR</string>"))
    #expect(conflicting.catalog.locale == "fr_FR")
    #expect(conflicting.warnings == [#"catalog.plist: settings.locale: differs from locale "fr_FR", which the catalog uses"#])
  }
}
