import Testing

@testable import IAPCore
@testable import IAPFormats

/// StoreKit messages (`Message.Reason` billingIssue, priceIncreaseConsent, winBackOffer,
/// generic) on the pure store.
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

  /// `Message.Reason.winBackOffer` (iOS 18): a lapsed customer who may redeem a win-back
  /// offer sees the best one; it is dismissed like the others, and an active subscriber
  /// or one with no eligible offer sees none.
  @Test func aLapsedCustomerWithAWinBackOfferHasAMessage() {
    var lapsed = SubscribedStore.make { $0.status = .expired }
    let messages = lapsed.messages { _ in ["comeback", "second"] }
    #expect(messages.map(\.reason) == [.winBackOffer])
    #expect(messages.first?.offerId == "comeback")
    #expect(lapsed.dismissMessages { _ in ["comeback"] }.count == 1)
    #expect(lapsed.messages { _ in ["comeback"] }.isEmpty)
    #expect(SubscribedStore.make { $0.status = .expired }.messages { _ in [] }.isEmpty)
    #expect(SubscribedStore.make { _ in }.messages { _ in ["comeback"] }.isEmpty)
  }

  @Test func aFamilyMembersShareHasNoMessages() {
    #expect(SubscribedStore.make { $0.status = .inBillingRetryPeriod; $0.latest.familySharedFrom = 7 }.messages().isEmpty)
  }

  /// `Message.Reason.generic`: a message the App Store sends of its own, about no
  /// subscription, listed after the subscriptions' until dismissed; each is new.
  @Test func theAppStoresOwnMessageIsGenericUntilDismissed() {
    var store = SubscribedStore.make { $0.status = .inBillingRetryPeriod }
    let sent = store.sendGenericMessage()
    #expect(sent.reason == .generic && sent.id == "generic/1" && sent.productId == nil && sent.originalId == nil)
    #expect(store.changes == [.appStoreMessage(account: "a", id: "generic/1")])
    #expect(store.messages().map(\.reason) == [.billingIssue, .generic])
    #expect(store.dismissMessages().count == 2)
    #expect(store.messages().isEmpty)
    #expect(store.sendGenericMessage().id == "generic/2", "a later message is a new one")
    #expect(store.messages().map(\.id) == ["generic/2"])
  }
}
