import Foundation
import Testing

@testable import IAPCatalog
@testable import IAPCore

@Suite struct StoreKitConfigurationLoaderTests {
  typealias F = StoreKitFixtures

  func load(_ text: String, file: String = "Shop.storekit") throws(CatalogError) -> CatalogLoader.Loaded {
    try CatalogLoader.parse(Data(text.utf8), displayPath: file)
  }

  /// The errors (then warnings) of a file that must be rejected.
  func problems(_ text: String) -> [String] {
    do {
      _ = try load(text)
      Issue.record("expected the file to be rejected")
      return []
    } catch {
      guard case let .catalogInvalid(_, problems) = error else { return ["unexpected \(error)"] }
      return problems
    }
  }

  func warnings(_ text: String) throws -> [String] { try load(text).warnings }

  // MARK: - Mapping

  @Test func mapsEveryKindOfProductInFileOrder() throws {
    let loaded = try load(F.shop)
    #expect(loaded.warnings == [])
    let catalog = loaded.catalog
    #expect(catalog.products.map(\.id) == [
      "com.shop.gems", "com.shop.unlock", "com.shop.season", "com.shop.pro.monthly", "com.shop.pro.yearly", "com.shop.tips.weekly",
    ])
    #expect(catalog.products.map(\.type) == [.consumable, .nonConsumable, .nonRenewing, .autoRenewable, .autoRenewable, .autoRenewable])
    #expect(catalog.bundleId == "com.example.app")
  }

  @Test func mapsPricesExactlyAndTheProductFields() throws {
    let catalog = try load(F.shop).catalog
    let gems = try #require(catalog.product("com.shop.gems"))
    #expect(gems.price == Decimal(string: "0.99"))
    #expect(gems.referenceName == "Gems 50")
    #expect(gems.familyShareable == false)
    #expect(gems.clearedForSale)
    let unlock = try #require(catalog.product("com.shop.unlock"))
    #expect(unlock.price == 29)
    #expect(unlock.familyShareable)
    #expect(unlock.referenceName == nil, "an empty reference name is no reference name")
    #expect(catalog.product("com.shop.season")?.price == Decimal(string: "19.99"))
    #expect(unlock.subscriptionGroup == nil && unlock.introductoryOffer == nil)
  }

  @Test func theLocalizationOfTheSettingsLocaleIsTheBaseCopy() throws {
    let catalog = try load(F.shop).catalog
    let gems = try #require(catalog.product("com.shop.gems"))
    #expect(gems.title == "Gemmes")
    #expect(gems.description == "Cinquante gemmes.")
    #expect(gems.localizations == [
      "en_US": .init(title: "Gems", description: "Fifty gems."), "fr_FR": .init(title: "Gemmes", description: "Cinquante gemmes."),
    ])
    // No fr_FR copy: the first localization is the base.
    #expect(catalog.product("com.shop.unlock")?.title == "Unlock All")
    // Without _locale, en_US is the catalog's locale, and its copy the base even if not first.
    let copy = #"{ "description" : "D", "displayName" : "Deutsch", "locale" : "de-DE" }, { "description" : "E", "displayName" : "English", "locale" : "en_US" }"#
    let file = F.file(#""products" : [ \#(F.product("a", localizations: copy)) ]"#)
    let a = try #require(try load(file).catalog.product("a"))
    #expect(a.title == "English")
    #expect(Set(a.localizations.keys) == ["de_DE", "en_US"], "locales are kept with underscores")
  }

  @Test func mapsSubscriptionsGroupsPeriodsAndLevels() throws {
    let catalog = try load(F.shop).catalog
    let monthly = try #require(catalog.product("com.shop.pro.monthly"))
    #expect(monthly.subscriptionGroup == "Pro")
    #expect(monthly.subscriptionPeriod == .oneMonth)
    #expect(monthly.groupLevel == 2)
    #expect(catalog.product("com.shop.pro.yearly")?.groupLevel == 1)
    let tips = try #require(catalog.product("com.shop.tips.weekly"))
    #expect(tips.subscriptionGroup == "21000002", "a group without a name is named by its id")
    #expect(tips.subscriptionPeriod == .oneWeek)
    #expect(tips.introductoryOffer == nil, "introductoryOffer: null is no offer")
  }

  @Test func mapsIntroductoryOffers() throws {
    let catalog = try load(F.shop).catalog
    #expect(catalog.product("com.shop.pro.monthly")?.introductoryOffer
      == IntroductoryOffer(paymentMode: .free, period: OfferPeriod(iso8601: "P2W")!, numberOfPeriods: 1, price: nil))
    #expect(catalog.product("com.shop.pro.yearly")?.introductoryOffer
      == IntroductoryOffer(paymentMode: .payAsYouGo, period: OfferPeriod(iso8601: "P1M")!, numberOfPeriods: 3, price: Decimal(string: "9.99")))
  }

  /// Version 5 lists offers in `introductoryOffers`, one per billing plan, and repeats the
  /// first as `introductoryOffer`.
  @Test func mapsVersion5IntroductoryOffers() throws {
    let upfront = #"{ "billingPlanType" : "BILLED_UPFRONT", "internalID" : "1", "numberOfPeriods" : 1, "paymentMode" : "payUpFront", "subscriptionPeriod" : "P6M", "displayPrice" : "14.99" }"#
    let monthly = #"{ "billingPlanType" : "MONTHLY", "internalID" : "2", "numberOfPeriods" : 1, "paymentMode" : "free", "subscriptionPeriod" : "P3D" }"#
    let onlyList = F.subscription("a", extra: #", "introductoryOffers" : [ \#(upfront) ]"#)
    let both = F.subscription("b", extra: #", "introductoryOffer" : \#(upfront), "introductoryOffers" : [ \#(upfront), \#(monthly) ]"#)
    let loaded = try load(F.file(F.group(onlyList, both)))
    let expected = IntroductoryOffer(paymentMode: .payUpFront, period: OfferPeriod(count: 6, unit: .month)!, numberOfPeriods: 1, price: Decimal(string: "14.99"))
    #expect(loaded.catalog.product("a")?.introductoryOffer == expected)
    #expect(loaded.catalog.product("b")?.introductoryOffer == expected)
    #expect(loaded.warnings == [
      "Shop.storekit: subscriptionGroups[0].subscriptions[1] (b): introductoryOffers[1]: another introductory offer (MONTHLY billing plan) is not mapped (ignored)"
    ])
  }

  @Test func mapsEverySetting() throws {
    let catalog = try load(F.shop).catalog
    #expect(catalog.storefront == "FRA")
    #expect(catalog.locale == "fr_FR")
    #expect(catalog.settings.entries.map { "\($0.name)=\($0.value)" } == [
      "ask-to-buy=on", "interrupted-purchases=off", "fail-load-products=unknown", "fail-purchase=off", "fail-verification=off", "storefront=FRA",
      "locale=fr_FR", "time-rate=monthlyRenewalEveryFiveMinutes", "billing-retry=on", "grace-period=on",
    ])
  }

  @Test(arguments: [(0, "realTime"), (13, "monthlyRenewalEveryFiveMinutes"), (1004, "oneRenewalEveryTenSeconds"), (6, "oneSecondIsOneDay")])
  func mapsTimeRatesToTheirCaseNames(_ raw: Int, _ name: String) throws {
    let catalog = try load(F.file(#""settings" : { "_timeRate" : \#(raw) }"#)).catalog
    #expect(catalog.settings["time-rate"] == name)
  }

  // MARK: - Warnings

  @Test func warnsAboutEverythingItDoesNotMap() throws {
    let settings = #""settings" : { "_disableDialogs" : false, "_developerTeamID" : "", "_lastSynchronizedDate" : 0, "_compatibilityTimeRate" : { "3" : 13 }, "_colour" : 1 }"#
    // (Promotional offers, `adHocOffers`, are mapped: PromotionalOfferCatalogTests; offer
    // codes and win-back offers too: RedemptionOfferCatalogTests.)
    let offers = #", "billingPlans" : [ { "billingPlanType" : "BILLED_UPFRONT", "displayPrice" : "2.99" }, { "billingPlanType" : "WEEKLY", "displayPrice" : "0.5" } ], "subscriptionGroupID" : "other", "shape" : "round""#
    let group = #""subscriptionGroups" : [ { "id" : "G1", "localizations" : [ { "locale" : "en_US" } ], "name" : "G", "subscriptions" : [ \#(F.subscription("s", extra: offers)) ] } ]"#
    let found = try warnings(F.file(
      settings, #""appPolicies" : { "eula" : "x" }"#, #""subscriptionOffersKeyPair" : { "id" : "k", "privateKey" : "p" }"#,
      #""extra" : true"#, group))
    let prefix = "Shop.storekit: subscriptionGroups[0].subscriptions[0] (s): "
    #expect(found == [
      "Shop.storekit: extra: unknown key (ignored)",
      "Shop.storekit: settings._disableDialogs: not mapped: iap shows no dialogs (ignored)",
      "Shop.storekit: settings._developerTeamID: not mapped: App Store Connect sync metadata (ignored)",
      "Shop.storekit: settings._lastSynchronizedDate: not mapped: App Store Connect sync metadata (ignored)",
      "Shop.storekit: settings._compatibilityTimeRate: not mapped: Xcode's time rate for older OS versions; _timeRate is used (ignored)",
      "Shop.storekit: settings._colour: unknown setting (ignored)",
      "Shop.storekit: subscriptionOffersKeyPair: the key that signs promotional offers, not mapped (ignored)",
      "Shop.storekit: appPolicies: the EULA and privacy policy, not mapped (ignored)",
      "Shop.storekit: subscriptionGroups[0]: localizations: the group's display names are not mapped (ignored)",
      prefix + "shape: unknown key (ignored)",
      prefix + #"subscriptionGroupID: differs from the group's id "G1" (ignored)"#,
      prefix + "billingPlans[1]: WEEKLY billing plan not mapped (ignored)",
    ])
  }

  @Test func fillsInEmptyStoreCopyWithAWarning() throws {
    let copy = #"{ "description" : "", "displayName" : "", "locale" : "en_US" }"#
    let loaded = try load(F.file(#""products" : [ \#(F.product("a", localizations: copy)) ]"#))
    let a = try #require(loaded.catalog.product("a"))
    #expect(a.title == "a" && a.description == "a", "the reference name stands in")
    #expect(loaded.warnings == [
      #"Shop.storekit: products[0] (a): localizations[0].displayName: empty; using "a" instead"#,
      #"Shop.storekit: products[0] (a): localizations[0].description: empty; using the display name "a" instead"#,
    ])
    let none = try load(F.file(#""products" : [ { "displayPrice" : "1", "productID" : "b", "type" : "NonConsumable" } ]"#))
    #expect(none.catalog.product("b")?.title == "b")
    #expect(none.warnings == [#"Shop.storekit: products[0] (b): localizations: none; using "b" as title and description"#])
  }

  @Test func readsNewerAndUnversionedFilesWithAWarning() throws {
    let newer = #"{ "products" : [ \#(F.product("a")) ], "version" : { "major" : 6, "minor" : 1 } }"#
    #expect(try warnings(newer) == ["Shop.storekit: version: 6.1 is newer than iap knows (1 to 5); reading it anyway"])
    #expect(try load(newer).catalog.products.count == 1)
    #expect(try warnings(#"{ "products" : [] }"#) == ["Shop.storekit: version: missing; reading as version 5"])
  }

  // MARK: - Errors

  @Test func reportsEveryProblemWithItsPlaceInTheFile() {
    let products = [
      F.product("ok"),
      F.product("bad price", price: #""abc""#).replacingOccurrences(of: #""productID" : "bad price""#, with: #""productID" : "p1""#),
      F.product("x y", type: "RecurringSubscription"),
      #""not an object""#,
      F.product("ok"),
      #"{ "displayPrice" : 1, "familyShareable" : "no", "localizations" : [ { "displayName" : "T", "locale" : 5 } ], "type" : "Consumable" }"#,
    ].joined(separator: ", ")
    let subscriptions = [
      F.subscription("s1", period: #""P2W""#, extra: #", "introductoryOffer" : { "numberOfPeriods" : 0, "paymentMode" : "trial", "subscriptionPeriod" : "2 weeks" }"#),
      F.subscription("s2", extra: #", "groupNumber" : 0"#).replacingOccurrences(of: #""groupNumber" : 1, "#, with: ""),
      F.product("s3", type: "Consumable", extra: #", "recurringSubscriptionPeriod" : "P1M""#),
    ]
    let file = F.file(
      #""products" : [ \#(products) ]"#, #""nonRenewingSubscriptions" : [ \#(F.product("n1", type: "NonConsumable")) ]"#,
      #""settings" : { "_storefront" : "usa", "_timeRate" : "fast", "_askToBuyEnabled" : 1, "_storeKitErrors" : [ { "name" : "Purchase" } ] }"#,
      F.group(subscriptions[0], subscriptions[1], subscriptions[2]))
    let found = problems(file)
    let s = "Shop.storekit: subscriptionGroups[0].subscriptions"
    #expect(found == [
      #"Shop.storekit: settings._storefront: expected an ISO 3166-1 alpha-3 code like "USA", got "usa""#,
      #"Shop.storekit: settings._timeRate: expected an SKTestSession.TimeRate raw value (an integer), got "fast""#,
      "Shop.storekit: settings._askToBuyEnabled: expected a boolean, got 1",
      "Shop.storekit: settings._storeKitErrors[0].enabled: missing (expected a boolean)",
      #"Shop.storekit: products[1] (p1): displayPrice: expected a decimal number ≥ 0, got "abc""#,
      #"Shop.storekit: products[2]: productID: expected letters, digits, '.', '_' or '-', got "x y""#,
      #"Shop.storekit: products[2]: type: expected Consumable or NonConsumable, got "RecurringSubscription""#,
      #"Shop.storekit: products[3]: expected a product object, got "not an object""#,
      "Shop.storekit: products[4] (ok): productID: duplicate of products[0]",
      "Shop.storekit: products[5]: productID: missing (expected a product identifier)",
      #"Shop.storekit: products[5]: familyShareable: expected a boolean, got "no""#,
      #"Shop.storekit: products[5]: localizations[0].locale: expected a locale identifier like "en_US", got 5"#,
      "Shop.storekit: products[5]: localizations[0].description: missing (expected a string)",
      #"Shop.storekit: nonRenewingSubscriptions[0] (n1): type: expected NonRenewingSubscription, got "NonConsumable""#,
      #"\#(s)[0] (s1): recurringSubscriptionPeriod: expected one of P1W, P1M, P2M, P3M, P6M, P1Y, got "P2W""#,
      #"\#(s)[0] (s1): introductoryOffer.paymentMode: expected one of free, payAsYouGo, payUpFront, got "trial""#,
      #"\#(s)[0] (s1): introductoryOffer.subscriptionPeriod: expected an ISO 8601 duration like P3D, P1W, P1M or P1Y, got "2 weeks""#,
      "\(s)[0] (s1): introductoryOffer.numberOfPeriods: expected an integer ≥ 1, got 0",
      "\(s)[1] (s2): groupNumber: expected an integer ≥ 1, got 0",
      #"\#(s)[2] (s3): type: expected RecurringSubscription, got "Consumable""#,
    ])
  }

  @Test func reportsAGroupWithoutAName() {
    let file = F.file(#""subscriptionGroups" : [ { "name" : "", "subscriptions" : [] }, { "subscriptions" : [] }, 3 ]"#)
    #expect(problems(file) == [
      "Shop.storekit: subscriptionGroups[0]: name: empty, and no id to name the group instead",
      "Shop.storekit: subscriptionGroups[1]: name: missing (expected a non-empty string, or an id)",
      "Shop.storekit: subscriptionGroups[2]: expected a subscription group object, got 3",
    ])
  }

  @Test(arguments: [
    (#"{ "products" : [ }"#, "Shop.storekit: not valid JSON: line 1, column 18: unexpected character"),
    ("{\n  \"products\" : [],\n  \"version\" : {\n}", "Shop.storekit: not valid JSON: line 4, column 2: unexpected end of text"),
    (#"{ "products" : {} , "version" : { "major" : 4, "minor" : 0 } }"#, "Shop.storekit: products: expected an array, got an object"),
    (#"{ "version" : "4.0" }"#, #"Shop.storekit: version: expected {"major": N, "minor": N}, got "4.0""#),
    (#"{ "version" : { "major" : 4, "minor" : 0 }, "settings" : [] }"#, "Shop.storekit: settings: expected an object, got an array"),
  ])
  func reportsMalformedFiles(_ text: String, _ message: String) {
    #expect(problems(text) == [message])
  }

  // MARK: - Format detection

  /// Content decides, not the name: a byte-order mark and whitespace may come first.
  @Test func detectsTheFormatByContent() throws {
    let json = "\u{FEFF} \n\t" + F.file(#""products" : [ \#(F.product("a")) ]"#)
    #expect(CatalogFormat.detect(Array(json.utf8)) == .storeKitConfiguration)
    #expect(try load(json, file: "catalog.plist").catalog.product("a")?.type == .consumable)
    let plist = CatalogFixtures.plist(products: [CatalogFixtures.product("b", "consumable", price: "<string>1</string>")])
    #expect(CatalogFormat.detect(Array(plist.utf8)) == .propertyList)
    #expect(try load(plist, file: "Products.storekit").catalog.product("b") != nil)
    #expect(problems("[1, 2]") == ["Shop.storekit: neither a StoreKit configuration (a JSON object) nor a property list"])
  }

  // MARK: - Real files

  /// The fixtures in Xcode's file versions 1.1, 1.2, 4.0 and 5.0 import without errors.
  @Test(arguments: StoreKitFixtures.files)
  func importsRealFiles(_ path: String) throws {
    let loaded = try CatalogLoader.load(path: path, displayPath: path)
    #expect(!loaded.catalog.products.isEmpty)
  }

  @Test func theFixturesAreThere() {
    #expect(StoreKitFixtures.files.count == 4, "Tests/Fixtures/storekit holds four files (Tests/Fixtures/NOTICE.md)")
  }

  @Test func realFilesMapAsExpected() throws {
    let revenueCat = try StoreKitFixtures.fixture(named: "revenuecat-unittests.storekit")
    let loaded = try CatalogLoader.load(path: revenueCat, displayPath: "rc.storekit")
    let catalog = loaded.catalog
    #expect(catalog.products.count == 7)
    #expect(catalog.product("com.revenuecat.non_renewable")?.type == .nonRenewing)
    #expect(catalog.product("com.revenuecat.annual_39.99.2_week_intro")?.introductoryOffer?.period.iso8601 == "P2W")
    #expect(catalog.product("lifetime")?.familyShareable == true)
    #expect(catalog.settings["time-rate"] == "realTime")
    // Its promotional offers are mapped; one of them is billed monthly, which is read as
    // billed up front, with a warning. Its MONTHLY billing plan (a 12-month commitment) is
    // mapped; the BILLED_UPFRONT plan whose price differs from the product's is reported.
    #expect(loaded.warnings.count == 9)
    #expect(catalog.product("com.revenuecat.sampleapp.monthly.12mocommitment")?.billingPlans == [
      BillingPlan(type: .monthly, price: Decimal(string: "0.5")!, commitmentPrice: Decimal(string: "6.00")!)
    ])
    let reuben = try StoreKitFixtures.fixture(named: "reuben-storekit2framework.storekit")
    let settings = try CatalogLoader.load(path: reuben, displayPath: "r.storekit").catalog.settings
    #expect(settings.pairs.map { "\($0.0)=\($0.1)" } == [
      "fail-load-products=off", "fail-purchase=off", "fail-app-transaction=off", "fail-refund-request=off", "fail-verification=off",
      "storefront=USA", "locale=en_US",
    ])
  }
}
