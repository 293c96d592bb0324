#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing

@testable import IAPCore
@testable import IAPFormats

/// Monthly billing with a 12-month commitment on the store's clock (fixed): twelve monthly
/// periods numbered 1 to 12, the commitment's renewal or the move to the yearly price at its
/// end, and a customer's cancellation, which stops only the next commitment.
@Suite struct StoreCommitmentTests {
  static let start = Timestamp(iso8601: "2026-01-31T10:00:00Z")!
  static let plan = BillingPlan(type: .monthly, price: Decimal(string: "9.99")!, commitmentPrice: Decimal(string: "119.88")!)

  static var product: Product {
    var product = Product(
      id: "pro.yearly", type: .autoRenewable, title: "Pro", description: "Pro", price: Decimal(string: "99.99")!,
      subscriptionGroup: "g", subscriptionPeriod: .oneYear,
      introductoryOffer: IntroductoryOffer(paymentMode: .free, period: OfferPeriod(count: 1, unit: .week)!))
    product.billingPlans = [plan]
    return product
  }

  func subscribed() -> Store {
    var store = Store(state: StoreState(), account: "a", device: "d")
    _ = store.buy(
      productId: "pro.yearly", product: Self.product, quantity: 1, applicationUsername: nil, finish: true, billingPlan: Self.plan,
      now: Self.start)
    return store
  }

  func date(_ text: String) -> Timestamp { Timestamp(iso8601: text + "T10:00:00Z")! }

  /// The transactions the store recorded, each as last recorded, oldest first.
  func periods(_ store: Store) -> [Transaction] {
    var latest: [UInt64: Transaction] = [:]
    for change in store.changes { if case let .transaction(t) = change { latest[t.id] = t } }
    return latest.values.sorted { $0.id < $1.id }
  }

  func notifications(_ store: Store) -> [String] {
    store.changes.compactMap { if case let .notification(n) = $0 { "\(n.type.rawValue)/\(n.subtype?.rawValue ?? "")" } else { nil } }
  }

  @Test func aPurchaseStartsBillingPeriodOneOfTwelveWithoutTheIntroductoryOffer() throws {
    let store = subscribed()
    let first = try #require(periods(store).first)
    #expect(first.price == "9.99" && first.offerDiscountType == nil)
    #expect(first.expirationDate == date("2026-02-28"))
    #expect(first.billingPlanType == .monthly)
    #expect(first.commitment == TransactionCommitment(billingPeriodNumber: 1, totalBillingPeriods: 12, commitmentPrice: "119.88", expires: date("2027-01-31")))
    let payload = SignedPayloads.transaction(first, environment: .xcode, signedDate: Self.start)
    #expect(payload["billingPlanType"]?.stringValue == "MONTHLY")
    #expect(payload["commitmentInfo"] == .object([
      ("billingPeriodNumber", .int(1)), ("commitmentExpiresDate", .int(date("2027-01-31").milliseconds)),
      ("commitmentPrice", .int(119_880)), ("totalBillingPeriods", .int(12)),
    ]))
  }

  @Test func theClockBillsTwelveMonthsThenRenewsTheCommitment() throws {
    var store = subscribed()
    store.advance(to: date("2027-01-31"))
    let billed = periods(store)
    #expect(billed.count == 13)
    #expect(billed.map { $0.commitment?.billingPeriodNumber } == Array(1...12) + [1])
    #expect(billed.allSatisfy { $0.price == "9.99" && $0.billingPlanType == .monthly })
    // Monthly anniversaries of the purchase: Feb 28, then Mar 31.
    #expect(billed[1].purchaseDate == date("2026-02-28") && billed[2].purchaseDate == date("2026-03-31"))
    #expect(billed[12].commitment?.expires == date("2028-01-31"))
    #expect(notifications(store).filter { $0 == "DID_RENEW/" }.count == 12)
  }

  @Test func cancellingStopsTheNextCommitmentNotTheMonthsOwed() throws {
    var store = subscribed()
    store.advance(to: date("2026-04-01"))
    _ = try store.setAutoRenew(false, for: "pro.yearly", now: date("2026-04-01"))
    let subscription = try #require(store.state.accounts["a"]?.subscriptions["g"])
    let info = SignedPayloads.renewalInfo(subscription, environment: .xcode, signedDate: date("2026-04-01"))
    #expect(info["autoRenewStatus"] == .int(1), "the months owed still renew")
    #expect(info["renewalBillingPlanType"]?.stringValue == "MONTHLY")
    #expect(info["commitmentInfo"]?["commitmentAutoRenewStatus"] == .int(0))
    #expect(info["commitmentInfo"]?["commitmentRenewalDate"] == .int(date("2027-01-31").milliseconds))
    store.advance(to: date("2027-03-01"))
    #expect(periods(store).count == 12)
    let lapsed = try #require(store.state.accounts["a"]?.subscriptions["g"])
    #expect(lapsed.status == .expired && lapsed.expirationIntent == .customerCancelled)
    #expect(lapsed.expirationDate == date("2027-01-31"))
  }

  @Test func choosingTheUpfrontPlanMovesToTheYearlyPriceAtTheCommitmentsEnd() throws {
    var store = subscribed()
    store.advance(to: date("2026-06-01"))
    let upfront = BillingPlan(type: .billedUpfront, price: Self.product.price, commitmentPrice: Self.product.price)
    let chosen = store.buy(
      productId: "pro.yearly", product: Self.product, quantity: 1, applicationUsername: nil, finish: true, billingPlan: upfront,
      now: date("2026-06-01")).outcome
    #expect(chosen.state == .restored, "nothing is charged now")
    #expect(notifications(store).last == "DID_CHANGE_RENEWAL_PREF/")
    store.advance(to: date("2026-12-31"))
    let last = try #require(store.state.accounts["a"]?.subscriptions["g"])
    let info = SignedPayloads.renewalInfo(last, environment: .xcode, signedDate: date("2026-12-31"))
    #expect(info["renewalBillingPlanType"]?.stringValue == "BILLED_UPFRONT")
    #expect(info["renewalPrice"] == .int(99_990))
    #expect(info["commitmentInfo"]?["commitmentRenewalPrice"] == .int(99_990))
    store.advance(to: date("2027-02-01"))
    let yearly = try #require(periods(store).last)
    #expect(yearly.commitment == nil && yearly.billingPlanType == .billedUpfront)
    #expect(yearly.price == "99.99" && yearly.purchaseDate == date("2027-01-31") && yearly.expirationDate == date("2028-01-31"))
    #expect(store.state.accounts["a"]?.subscriptions["g"]?.commitment == nil)
  }

  @Test func anUpfrontPurchaseOfAProductWithPlansSaysSo() throws {
    var store = Store(state: StoreState(), account: "a", device: "d")
    let outcome = store.buy(productId: "pro.yearly", product: Self.product, quantity: 1, applicationUsername: nil, finish: true, now: Self.start).outcome
    #expect(outcome.billingPlanType == .billedUpfront && outcome.commitment == nil)
    let subscription = try #require(store.state.accounts["a"]?.subscriptions["g"])
    let info = SignedPayloads.renewalInfo(subscription, environment: .xcode, signedDate: Self.start)
    #expect(info["renewalBillingPlanType"]?.stringValue == "BILLED_UPFRONT" && info["commitmentInfo"] == nil)
  }

  @Test func aRefundedMonthRevokesTheSubscriptionAndBillsNoMore() throws {
    var store = subscribed()
    store.advance(to: date("2026-03-01"))
    let second = try #require(periods(store).last)
    #expect(second.commitment?.billingPeriodNumber == 2)
    _ = try store.refund(second, reason: .other, now: date("2026-03-01"))
    store.advance(to: date("2026-06-01"))
    #expect(periods(store).count == 2)
    #expect(store.state.accounts["a"]?.subscriptions["g"]?.status == .revoked)
  }

  @Test func anApprovedAskToBuyRequestBuysThePlanItAskedFor() throws {
    var store = Store(state: StoreState(), account: "a", device: "d")
    let deferred = store.buy(
      productId: "pro.yearly", product: Self.product, quantity: 1, applicationUsername: nil, finish: true,
      conditions: PurchaseConditions(askToBuy: true), billingPlan: Self.plan, now: Self.start).outcome
    #expect(deferred.state == .deferred)
    let approved = try store.approve(deferred.id, product: Self.product, now: date("2026-02-01"))
    #expect(approved.price == "9.99" && approved.billingPlanType == .monthly && approved.commitment?.billingPeriodNumber == 1)
  }

  @Test func aCommittedSubscriptionTakesNoPriceIncrease() {
    var store = subscribed()
    #expect(throws: StoreRefusal.self) { _ = try store.announcePriceIncrease("pro.yearly", price: "10.99", consentRequired: true, now: date("2026-03-01")) }
  }
}
