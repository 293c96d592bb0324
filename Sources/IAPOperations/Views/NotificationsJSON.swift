import IAPCore
import IAPFormats
import IAPKit

/// App Store Server Notifications as JSON (`notifications --json`, the control plane).
package enum NotificationsJSON {
  /// `{"notifications": [...], "pending": n}`: each with its decoded summary, whether it was
  /// delivered and each attempt to deliver it, and the signed payload the notification URL receives.
  package static func document(_ result: NotificationsResult) -> JSONValue {
    let signer = result.signer
    let items = result.notifications.enumerated().map { (index, n) -> JSONValue in
      .object(
        summary(n, sequence: index + 1, signer: signer) + [
          ("delivered", .bool(result.isDelivered(index))),
          ("attempts", .array((result.attempts[index + 1] ?? []).map(attempt))),
          ("signedPayload", .string(NotificationPayload.signedPayload(n, sequence: index + 1, signer: signer))),
        ])
    }
    return .object([("notifications", .array(items)), ("pending", .int(Int64(result.pendingCount)))])
  }

  /// A notification's decoded fields: its sequence number, type, subtype,
  /// `notificationUUID`, date, and the transaction and product it is about.
  package static func summary(_ n: ServerNotification, sequence: Int, signer: Signer) -> [(String, JSONValue)] {
    [
      ("sequence", .int(Int64(sequence))),
      ("notificationType", .string(n.type.rawValue)),
      ("subtype", .optional(n.subtype?.rawValue)),
      ("notificationUUID", .string(NotificationPayload.uuid(sequence: sequence, key: signer.key))),
      ("signedDate", .string(n.date.iso8601)),
      ("transactionId", .optional(n.transaction.map { String($0.id) })),
      ("productId", .optional(n.transaction?.productId ?? n.summary?.productId)),
    ]
  }

  /// `{date, result}`: one attempt to post it to the notification URL (`sendAttemptResult`).
  static func attempt(_ a: SendAttempt) -> JSONValue {
    .object([("date", .string(a.date.iso8601)), ("result", .string(a.result))])
  }
}
