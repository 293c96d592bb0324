import Testing

@testable import IAPCore
@testable import IAPFormats

/// StoreKit messages (`Message.Reason` billingIssue, priceIncreaseConsent) on the pure store.
@Suite struct StoreMessageTests {
  let start = SubscribedStore.start

  @Test func aBillingIssueIsAMessageUntilDismissed() {
    var store = SubscribedStore.make { $0.status = .inBillingRetryPeriod }
    #expect(store.messages().map(\.reason) == [.billingIssue])
    #expect(store.dismissMessages().count == 1)
    #expect(store.messages().isEmpty)
    #expect(store.changes == [.dismissMessages(account: "a", ids: ["billingIssue/1/\(start.adding(SubscriptionPeriod.oneMonth.calendarPeriod).milliseconds)"])])
    #expect(store.dismissMessages().isEmpty && store.changes.count == 1, "nothing left to dismiss records nothing")
  }

  @Test func aPendingPriceIncreaseIsAMessageAndAnAcceptedOneIsNot() {
    #expect(SubscribedStore.make { $0.priceIncrease = PriceIncrease(productId: "pro", price: "12.99", status: .pending) }.messages().map(\.reason) == [.priceIncreaseConsent])
    #expect(SubscribedStore.make { $0.priceIncrease = PriceIncrease(productId: "pro", price: "12.99", status: .accepted) }.messages().isEmpty)
    #expect(SubscribedStore.make { $0.status = .expired }.messages().isEmpty)
  }

  @Test func aFamilyMembersShareHasNoMessages() {
    #expect(SubscribedStore.make { $0.status = .inBillingRetryPeriod; $0.latest.familySharedFrom = 7 }.messages().isEmpty)
  }
}
