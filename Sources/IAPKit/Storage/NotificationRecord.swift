import IAPCore

/// How a sent notification is written in `notifications.log`.
package enum NotificationRecord {
  static func encode(_ n: ServerNotification) -> JSONValue {
    .object([
      ("type", .string(n.type)),
      ("subtype", .optional(n.subtype)),
      ("date", .int(n.date.milliseconds)),
      ("transaction", TransactionRecord.encode(n.transaction)),
      ("subscription", n.subscription.map(SubscriptionRecord.encode) ?? .null),
    ])
  }

  static func decode(_ json: JSONValue) throws(RecordError) -> ServerNotification {
    guard let type = json["type"]?.stringValue else { throw RecordError(field: "type") }
    guard let date = json["date"]?.intValue else { throw RecordError(field: "date") }
    guard let transaction = json["transaction"] else { throw RecordError(field: "transaction") }
    var subscription: Subscription?
    if let value = json["subscription"], value != .null { subscription = try SubscriptionRecord.decode(value) }
    return ServerNotification(
      type: type, subtype: json["subtype"]?.stringValue, date: Timestamp(milliseconds: date),
      transaction: try TransactionRecord.decode(transaction), subscription: subscription)
  }
}
