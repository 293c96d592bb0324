import IAPCore
import IAPFormats
import IAPKit

/// The overview as JSON (`status --json`, `GET /iap/v1/status`).
package enum StatusJSON {
  /// `{"clock", "settings", "account", "device", "unfinished", "entitlements",
  /// "subscriptions", "pendingApproval", "notifications"}`. Transactions and subscriptions
  /// have the keys of `TransactionJSON` and `SubscriptionJSON` (unsigned), each subscription
  /// with `nextEvent` (`{kind, date}` or null).
  package static func document(_ status: StoreStatus) -> JSONValue {
    let clock = ClockJSON.document(status.clock)
    var clockMembers = clock.objectValue?.filter { $0.0 != "transactions" } ?? []
    clockMembers.append(("timeRate", .string(status.timeRate.name)))
    let settings = status.changedSettings.map { entry -> (String, JSONValue) in
      (entry.name, .object([("value", .string(entry.value)), ("source", .string(entry.source.rawValue))]))
    }
    let subscriptions = status.subscriptions.map { s -> JSONValue in
      var members = SubscriptionJSON.object(s, signer: nil).objectValue ?? []
      let next = s.nextEvent.map { JSONValue.object([("kind", .string($0.kind.rawValue)), ("date", .string($0.date.iso8601))]) }
      members.append(("nextEvent", next ?? .null))
      return .object(members)
    }
    return .object([
      ("clock", .object(clockMembers)),
      ("settings", .object(settings)),
      ("account", .string(status.account)),
      ("device", .string(status.device)),
      ("unfinished", .int(Int64(status.unfinished))),
      ("entitlements", .array(status.entitlements.map { TransactionJSON.object($0, signer: nil) })),
      ("subscriptions", .array(subscriptions)),
      ("pendingApproval", .array(status.pendingApproval.map { TransactionJSON.object($0, signer: nil) })),
      ("notifications", .object([
        ("sent", .int(Int64(status.notificationsSent))), ("undelivered", .int(Int64(status.notificationsUndelivered))),
        ("url", .optional(status.notificationURL)),
      ])),
    ])
  }
}
