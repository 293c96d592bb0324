import Foundation
import Testing

@testable import IAPFormats
@testable import StoreKit

/// `Product.SubscriptionInfo.pricingTerms`: a yearly subscription's price billed up front,
/// and its monthly plan with a 12-month commitment, as a catalog gives them.
@Suite struct PricingTermsTests {
  static let catalog = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>bundleId</key><string>com.example.fakegame</string><key>products</key><array>
    <dict><key>id</key><string>pro.yearly</string><key>type</key><string>autoRenewable</string>
    <key>title</key><string>Pro</string><key>description</key><string>Pro, yearly</string><key>price</key><string>99.99</string>
    <key>subscriptionGroup</key><string>pro</string><key>subscriptionPeriod</key><string>P1Y</string>
    <key>introductoryOffer</key><dict><key>paymentMode</key><string>free</string><key>period</key><string>P1W</string></dict>
    <key>billingPlans</key><array><dict><key>billingPlanType</key><string>MONTHLY</string><key>price</key><string>9.99</string></dict></array>
    </dict></array></dict></plist>
    """

  @Test func listsTheUpfrontTermsThenTheMonthlyCommitment() async throws {
    try await TestStore.run(catalog: Self.catalog) { _ in
      let product = try #require(try await Product.products(for: ["pro.yearly"]).first)
      let terms = try #require(product.subscription?.pricingTerms)
      #expect(terms.map(\.billingPlanType) == [.billedUpfront, .monthly])
      let upfront = terms[0]
      #expect(upfront.billingPrice == Decimal(string: "99.99") && upfront.billingPeriod == Product.SubscriptionPeriod(unit: .year, value: 1))
      #expect(upfront[offers: .introductory].count == 1)
      let monthly = terms[1]
      #expect(monthly.billingPrice == Decimal(string: "9.99") && monthly.billingDisplayPrice == "$9.99")
      #expect(monthly.billingPeriod == Product.SubscriptionPeriod(unit: .month, value: 1))
      #expect(monthly.commitmentInfo.price == Decimal(string: "119.88") && monthly.commitmentInfo.displayPrice == "$119.88")
      #expect(monthly.commitmentInfo.period == Product.SubscriptionPeriod(unit: .year, value: 1))
      #expect(monthly.subscriptionOffers.isEmpty)
    }
  }

  @Test func theMonthlyPlanIsBoughtAndItsTransactionSaysSo() async throws {
    try await TestStore.run(catalog: Self.catalog) { _ in
      let product = try #require(try await Product.products(for: ["pro.yearly"]).first)
      guard case let .success(.verified(first)) = try await product.purchase(options: [.billingPlanType(.monthly)]) else {
        Issue.record("expected a verified purchase")
        return
      }
      #expect(first.billingPlanType == .monthly && first.price == Decimal(string: "9.99"))
      let commitment = try #require(first.commitmentInfo)
      #expect(commitment.billingPeriodNumber == 1 && commitment.totalBillingPeriods == 12 && commitment.price == Decimal(string: "119.88"))
      #expect(commitment.expirationDate > first.expirationDate ?? .distantFuture)
      let status = try #require(try await Product.SubscriptionInfo.status(for: "pro").first)
      let renewal = try status.renewalInfo.payloadValue
      #expect(renewal.renewalBillingPlanType == .monthly && renewal.willAutoRenew)
      let next = try #require(renewal.commitmentInfo)
      #expect(next.renewalDate == commitment.expirationDate && next.renewalPrice == Decimal(string: "9.99"))
      #expect(next.willAutoRenew && next.autoRenewPreference == "pro.yearly" && next.renewalBillingPlanType == .monthly)
    }
  }
}
