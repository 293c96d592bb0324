import Testing

@testable import IAPCore
@testable import IAPFormats

/// External purchase tokens on the pure store: EXTERNAL_PURCHASE_TOKEN UNREPORTED when a
/// token's reporting period (10 days) ends, in its place among the subscriptions' events.
@Suite struct StoreExternalPurchaseTests {
  let start = SubscribedStore.start
  let day: Int64 = 86_400_000

  func token(_ id: String = "SANDBOX_1") -> ExternalPurchaseToken {
    ExternalPurchaseToken(externalPurchaseId: id, tokenCreationDate: start, appAppleId: nil, bundleId: "com.example.app")
  }

  func at(days: Int64) -> Timestamp { Timestamp(milliseconds: start.milliseconds + days * day) }

  func unreported(_ token: ExternalPurchaseToken) -> ServerNotification {
    var n = ServerNotification(
      type: .externalPurchaseToken, subtype: .unreported, date: token.unreportedDate, transaction: nil, bundleId: token.bundleId)
    n.externalPurchaseToken = token
    return n
  }

  @Test func anUnreportedTokenIsNotifiedTenDaysAfterItsCreation() {
    var store = Store(state: StoreState(), account: "a", device: "d")
    store.createExternalPurchaseToken(token())
    #expect(!store.hasDueEvents(at: at(days: 9)))
    store.advance(to: at(days: 9))
    #expect(store.changes == [.externalPurchaseToken(token(), pending: true)])
    #expect(token().unreportedDate == at(days: 10) && store.hasDueEvents(at: at(days: 10)))
    store.advance(to: at(days: 12))
    #expect(Array(store.changes.dropFirst()) == [.notification(unreported(token())), .externalPurchaseToken(token(), pending: false)])
    #expect(store.state.unreportedTokens.isEmpty && !store.hasDueEvents(at: at(days: 40)))
    #expect(store.state.notificationCount == 1)
  }

  /// A monthly subscription renews after a token's period ends: the token's notification
  /// comes first, as time ran.
  @Test func theNotificationTakesItsPlaceAmongTheSubscriptionsEvents() {
    var store = SubscribedStore.make()
    store.createExternalPurchaseToken(token())
    store.advance(to: at(days: 35))
    let sent = store.changes.compactMap { change -> NotificationType? in
      if case let .notification(n) = change { return n.type }
      return nil
    }
    #expect(sent == [.externalPurchaseToken, .didRenew])
  }
}
