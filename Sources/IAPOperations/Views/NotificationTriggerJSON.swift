import IAPCore
import IAPFormats
import IAPKit

/// `notifications trigger` as JSON (`--json`, the control plane).
package enum NotificationTriggerJSON {
  /// `{"notification": {...}, "flow": ..., "productId": ...}`: the notification the trigger
  /// made the store send, decoded and signed as the notification URL receives it.
  package static func document(_ result: TriggerResult) -> JSONValue {
    let n = result.notification
    let notification =
      NotificationsJSON.summary(n, sequence: result.sequence, signer: result.signer) + [
        ("status", n.status.map { .int(Int64($0)) } ?? .null),
        ("signedPayload", .string(NotificationPayload.signedPayload(n, sequence: result.sequence, signer: result.signer))),
      ]
    return .object([("notification", .object(notification)), ("flow", .string(result.flow.steps)), ("productId", .optional(result.productId))])
  }

  /// `{"triggers": [{notificationType, subtype, productType, flow}]}`: every notification the
  /// trigger produces (`--list`).
  package static func list() -> JSONValue {
    .object([
      (
        "triggers",
        .array(
          TriggerFlow.all.map { flow in
            .object([
              ("notificationType", .string(flow.type.rawValue)), ("subtype", .optional(flow.subtype?.rawValue)),
              ("productType", .optional(flow.productType?.rawValue)), ("flow", .string(flow.steps)),
            ])
          })
      )
    ])
  }
}
