import Foundation
import Testing

@testable import IAPCatalog
@testable import IAPCore

/// `billingPlans` in `catalog.plist` and in `.storekit` files: a yearly subscription's
/// monthly plan with a 12-month commitment, its one-line errors, and its way through the
/// catalog cache and `catalog convert`.
@Suite struct BillingPlanCatalogTests: CatalogLoading {
  static func yearly(_ plans: String, period: String = "P1Y") -> String {
    CatalogFixtures.plist(products: [
      CatalogFixtures.product(
        "pro.yearly", "autoRenewable", price: "<string>99.99</string>",
        extra: "<key>subscriptionGroup</key><string>pro</string><key>subscriptionPeriod</key><string>\(period)</string>"
          + "<key>billingPlans</key><array>\(plans)</array>")
    ])
  }

  static let monthly = "<dict><key>billingPlanType</key><string>MONTHLY</string><key>price</key><string>9.99</string></dict>"

  @Test func readsAMonthlyPlanWithTwelveMonthsAsItsCommitmentPrice() throws {
    let loaded = try load(Self.yearly(Self.monthly))
    #expect(loaded.warnings == [])
    let pro = try #require(loaded.catalog.product("pro.yearly"))
    #expect(pro.billingPlans == [BillingPlan(type: .monthly, price: Decimal(string: "9.99")!, commitmentPrice: Decimal(string: "119.88")!)])
    let given = try load(Self.yearly(
      "<dict><key>billingPlanType</key><string>MONTHLY</string><key>price</key><string>9.99</string><key>commitmentPrice</key><string>109.99</string></dict>"))
    #expect(given.catalog.product("pro.yearly")?.billingPlan(.monthly)?.commitmentPrice == Decimal(string: "109.99"))
  }

  @Test func reportsBadPlansOnOneLineEach() {
    #expect(problems(Self.yearly(Self.monthly, period: "P1M")) == [
      "catalog.plist: products[0] (pro.yearly): billingPlans: a monthly billing plan with a 12-month commitment needs a P1Y subscription, not P1M"
    ])
    let bad = Self.yearly(
      "<dict><key>billingPlanType</key><string>BILLED_UPFRONT</string><key>price</key><string>99.99</string></dict>"
        + "<dict><key>billingPlanType</key><string>WEEKLY</string><key>price</key><string>0</string></dict>"
        + "<dict><key>billingPlanType</key><string>MONTHLY</string><key>price</key><string>9.99</string><key>commitmentPrice</key><string>5</string></dict>"
        + Self.monthly + Self.monthly)
    #expect(problems(bad) == [
      "catalog.plist: products[0] (pro.yearly): billingPlans[0].billingPlanType: BILLED_UPFRONT is the product's own price; list MONTHLY plans only",
      "catalog.plist: products[0] (pro.yearly): billingPlans[1].billingPlanType: expected MONTHLY, got \"WEEKLY\"",
      "catalog.plist: products[0] (pro.yearly): billingPlans[1].price: expected a decimal number > 0, got \"0\"",
      "catalog.plist: products[0] (pro.yearly): billingPlans[2].commitmentPrice: the commitment price (5) is below one month's (9.99)",
      "catalog.plist: products[0] (pro.yearly): billingPlans[4]: a product has at most one MONTHLY billing plan",
    ])
  }

  @Test func theCacheAndConvertKeepThem() throws {
    let catalog = try load(Self.yearly(Self.monthly)).catalog
    for product in catalog.products { #expect(CatalogCache.decode(CatalogCache.encode(product)) == product) }
    let xml = try CatalogPlistWriter.xml(catalog, source: "c.plist", displayPath: "c.plist")
    #expect(try load(xml).catalog == catalog)
  }

  @Test func storeKitMonthlyPlansAreMapped() throws {
    let plans =
      #", "billingPlans" : [ { "billingPlanType" : "BILLED_UPFRONT", "commitmentDisplayPrice" : "2.99", "displayPrice" : "2.99", "internalID" : "B1", "isEnabled" : true }, "#
      + #"{ "billingPlanType" : "MONTHLY", "commitmentDisplayPrice" : "3.48", "displayPrice" : "0.29", "internalID" : "B2", "isEnabled" : true } ]"#
    let text = StoreKitFixtures.file(StoreKitFixtures.group(StoreKitFixtures.subscription("com.x.pro", period: #""P1Y""#, extra: plans)))
    let loaded = try load(text, file: "Shop.storekit")
    #expect(loaded.warnings == [])
    #expect(loaded.catalog.product("com.x.pro")?.billingPlans == [
      BillingPlan(type: .monthly, price: Decimal(string: "0.29")!, commitmentPrice: Decimal(string: "3.48")!)
    ])
    let monthly = StoreKitFixtures.file(StoreKitFixtures.group(StoreKitFixtures.subscription("com.x.pro", extra: plans)))
    do {
      _ = try load(monthly, file: "Shop.storekit")
      Issue.record("a MONTHLY plan on a monthly subscription loaded")
    } catch {
      guard case let .catalogInvalid(_, found) = error else { throw error }
      #expect(found == ["Shop.storekit: subscriptionGroups[0].subscriptions[0] (com.x.pro): billingPlans[1]: a MONTHLY billing plan needs a P1Y subscription"])
    }
  }
}
