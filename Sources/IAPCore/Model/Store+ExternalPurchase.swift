import IAPFormats

/// External purchase tokens on the App Store's side: each is kept until Apple's reporting
/// period ends, when the App Store sends EXTERNAL_PURCHASE_TOKEN UNREPORTED for it.
package extension Store {
  /// The system gave the app an external purchase token (the app is configured for
  /// external purchase; the use case checks it).
  mutating func createExternalPurchaseToken(_ token: ExternalPurchaseToken) {
    record(.externalPurchaseToken(token, pending: true))
  }

  /// Whether anything the store's time makes is due at `now`: a subscription event, or the
  /// end of an unreported token's reporting period. Cheap: tokens wait in creation order, so
  /// only the oldest is looked at.
  func hasDueEvents(at now: Timestamp) -> Bool {
    hasDueSubscriptionEvents(at: now) || (state.unreportedTokens.first.map { $0.unreportedDate <= now } ?? false)
  }

  /// Sends EXTERNAL_PURCHASE_TOKEN UNREPORTED, dated the end of its reporting period, for
  /// each token whose period ended by `date`. The developer reports tokens to Apple's
  /// External Purchase Server API, which iap does not serve: every token goes unreported.
  mutating func notifyUnreportedTokens(until date: Timestamp) {
    while let token = state.unreportedTokens.first, token.unreportedDate <= date {
      var notification = ServerNotification(
        type: .externalPurchaseToken, subtype: .unreported, date: token.unreportedDate, transaction: nil, bundleId: token.bundleId)
      notification.externalPurchaseToken = token
      record(.notification(notification))
      record(.externalPurchaseToken(token, pending: false))
    }
  }
}
