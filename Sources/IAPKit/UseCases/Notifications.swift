import IAPCore
import IAPStorage

/// What `notifications` asks for: the list, and optionally a delivery round first.
package struct NotificationsRequest: Sendable {
  /// POST the pending notifications to this URL (normalized, `http://`) before listing them.
  package var url: String?
  /// With `url`: send every notification again, not only the pending ones.
  package var resendAll = false

  package init(url: String? = nil, resendAll: Bool = false) {
    self.url = url
    self.resendAll = resendAll
  }
}

/// The App Store Server Notifications the store has sent, and how far delivery got.
package struct NotificationsResult {
  /// Every notification sent, oldest first; its sequence number is its position plus one.
  package var notifications: [ServerNotification]
  /// How many of them, from the first, are settled: reached the server, or (Sandbox,
  /// Production) given up on.
  package var deliveredCount: Int
  /// What the request's delivery round did (nil without a URL).
  package var delivery: DeliveryReport?
  /// Every attempt to post them, by sequence number (1-based), oldest first.
  package var attempts: [Int: [SendAttempt]] = [:]
  /// The signer of the payloads (`signedPayload`, `notificationUUID`): always made, since
  /// delivery signs what it posts.
  package var signer: Signer

  /// How many are still to be delivered.
  package var pendingCount: Int { notifications.count - deliveredCount }

  /// Whether notification `index` (0-based) has been delivered: an attempt succeeded (a
  /// state whose attempts were not recorded has only the settled count to go by).
  package func isDelivered(_ index: Int) -> Bool {
    guard let made = attempts[index + 1], !made.isEmpty else { return index < deliveredCount }
    return made.contains { $0.result == SendAttempt.success }
  }
}

extension Workspace {
  /// Use case: lists the notifications sent, after POSTing the pending ones (or all of
  /// them) to the request's URL. A server that fails stops the round and leaves the rest
  /// pending: that is reported in `delivery.failure`, not thrown.
  package func notifications(_ request: NotificationsRequest = NotificationsRequest()) throws(IAPError) -> NotificationsResult {
    var report: DeliveryReport?
    if let url = request.url {
      // The store's time first runs to now (its events notify too), then the round posts
      // without holding the state's lock.
      _ = try openStore(forWriting: false)
      report = try deliver(to: url, resend: request.resendAll, waitForOtherRound: true)
    }
    let opened = try openStore(forWriting: false)
    let signer = try signer(opened)
    var result = NotificationsResult(
      notifications: try IAPError.ofState(opened.session.sentNotifications()), deliveredCount: try NotificationCourier.deliveredCount(opened.session),
      delivery: report, signer: signer)
    result.attempts = try IAPError.ofState(SendAttemptLog.read(opened.session))
    return result
  }
}
