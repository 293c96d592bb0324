import IAPCore
import IAPFormats

/// How a sent notification is written in `notifications.log`.
///
/// A notification is written before the transaction records of its commit, and names the
/// length the transaction log has once that commit is in it (`"after"`): the record counts
/// only if the log reached that length, so a command that failed before its commit point
/// leaves no notification of a purchase that never happened. Records written before there
/// was an `"after"` count always.
package enum NotificationRecord {
  static func encode(_ n: ServerNotification, after logLength: Int) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("type", .string(n.type.rawValue)),
      ("subtype", .optional(n.subtype?.rawValue)),
      ("date", .int(n.date.milliseconds)),
      ("transaction", n.transaction.map(TransactionRecord.encode) ?? .null),
      ("subscription", n.subscription.map(SubscriptionRecord.encode) ?? .null),
    ]
    // Written only for the notifications that carry them.
    if let reason = n.consumptionRequestReason { members.append(("consumptionRequestReason", .string(reason.rawValue))) }
    if let summary = n.summary { members.append(("summary", ExtensionRecord.encode(summary))) }
    if let app = n.appTransaction { members.append(("appTransaction", encode(app))) }
    if let token = n.externalPurchaseToken { members.append(("externalPurchaseToken", token.json)) }
    if n.transaction == nil { members.append(("bundleId", .optional(n.bundleId))) }
    members.append(("after", .int(Int64(logLength))))
    return .object(members)
  }

  /// The transaction log length a record needs, 0 for records that name none.
  static func requiredLogLength(_ json: JSONValue) -> Int {
    json["after"]?.intValue.map { Int(clamping: $0) } ?? 0
  }

  /// `requiredLogLength` read from the bytes of an intact record `line` as iap writes it, which
  /// ends `,"after":N,"crc":M}`; nil for any other shape (a record from before `"after"`), which
  /// the caller parses instead.
  static func peekRequiredLogLength(_ line: ArraySlice<UInt8>) -> Int? {
    let crc = Array(#","crc":"#.utf8), after = Array(#","after":"#.utf8)
    // Back from the end: the checksum's digits and marker, then the length's digits and marker.
    var i = line.endIndex - 1
    guard i > line.startIndex, line[i] == UInt8(ascii: "}") else { return nil }
    while i > line.startIndex, (0x30...0x39).contains(line[i - 1]) { i -= 1 }
    guard i - crc.count > line.startIndex, line[(i - crc.count)..<i].elementsEqual(crc) else { return nil }
    let digitsEnd = i - crc.count
    var start = digitsEnd
    while start > line.startIndex, (0x30...0x39).contains(line[start - 1]) { start -= 1 }
    guard start < digitsEnd, digitsEnd - start <= 18, start - after.count > line.startIndex,
      line[(start - after.count)..<start].elementsEqual(after)
    else { return nil }
    var value = 0
    for digit in line[start..<digitsEnd] { value = value * 10 + Int(digit - 0x30) }
    return value
  }

  package static func decode(_ json: JSONValue) throws(RecordError) -> ServerNotification {
    guard let type = json["type"]?.stringValue.flatMap(NotificationType.init(rawValue:)) else { throw RecordError(field: "type") }
    var subtype: NotificationSubtype?
    if let raw = json["subtype"], raw != .null {
      guard let value = raw.stringValue.flatMap(NotificationSubtype.init(rawValue:)) else { throw RecordError(field: "subtype") }
      subtype = value
    }
    guard let date = json["date"]?.intValue else { throw RecordError(field: "date") }
    // TEST and a mass extension's SUMMARY name no transaction (null).
    guard let transaction = json["transaction"] else { throw RecordError(field: "transaction") }
    var subscription: Subscription?
    if let value = json["subscription"], value != .null { subscription = try SubscriptionRecord.decode(value) }
    var summary: MassExtension?
    if let value = json["summary"] { summary = try ExtensionRecord.decodeMass(value) }
    var notification = ServerNotification(
      type: type, subtype: subtype, date: Timestamp(milliseconds: date),
      transaction: transaction == .null ? nil : try TransactionRecord.decode(transaction), subscription: subscription,
      summary: summary, bundleId: json["bundleId"]?.stringValue)
    if let raw = json["consumptionRequestReason"], raw != .null {
      guard let reason = raw.stringValue.flatMap(ConsumptionRequestReason.init(rawValue:)) else {
        throw RecordError(field: "consumptionRequestReason")
      }
      notification.consumptionRequestReason = reason
    }
    if let value = json["appTransaction"], value != .null { notification.appTransaction = try decodeAppTransaction(value) }
    if let value = json["externalPurchaseToken"] {
      guard let token = ExternalPurchaseToken(json: value) else { throw RecordError(field: "externalPurchaseToken") }
      notification.externalPurchaseToken = token
    }
    return notification
  }

  /// A RESCIND_CONSENT's app transaction: what stays of it (the environment and the app's
  /// Apple ID are the signer's when it is signed; no device asked for it).
  static func encode(_ app: AppTransaction) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("appTransactionId", .string(app.appTransactionId)), ("bundleId", .string(app.bundleId)),
      ("originalPurchaseDate", .int(app.originalPurchaseDate.milliseconds)),
      ("receiptCreationDate", .int(app.receiptCreationDate.milliseconds)),
      ("originalPlatform", .string(app.originalPlatform)),
    ]
    if let date = app.preorderDate { members.append(("preorderDate", .int(date.milliseconds))) }
    return .object(members)
  }

  static func decodeAppTransaction(_ json: JSONValue) throws(RecordError) -> AppTransaction {
    guard let id = json["appTransactionId"]?.stringValue else { throw RecordError(field: "appTransaction.appTransactionId") }
    guard let bundleId = json["bundleId"]?.stringValue else { throw RecordError(field: "appTransaction.bundleId") }
    guard let original = json["originalPurchaseDate"]?.intValue else { throw RecordError(field: "appTransaction.originalPurchaseDate") }
    guard let created = json["receiptCreationDate"]?.intValue else { throw RecordError(field: "appTransaction.receiptCreationDate") }
    var app = AppTransaction(
      environment: nil, bundleId: bundleId, appAppleId: nil, appTransactionId: id, originalPurchaseDate: Timestamp(milliseconds: original),
      receiptCreationDate: Timestamp(milliseconds: created), deviceVerification: nil, deviceVerificationNonce: nil)
    // A record without them is of an app first got on iOS, not pre-ordered.
    app.originalPlatform = json["originalPlatform"]?.stringValue ?? "iOS"
    app.preorderDate = json["preorderDate"]?.intValue.map(Timestamp.init(milliseconds:))
    return app
  }
}
