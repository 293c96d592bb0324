import IAPCore
import IAPFormats

/// How a transaction version is written in the state files: one compact JSON object.
///
/// Dates are integer milliseconds (exact, and no date parsing on load); ids are decimal
/// strings so that no JSON reader rounds them.
package enum TransactionRecord {
  /// Ids read back must be below this, so that `nextId = id + 1` cannot overflow however
  /// a state file was damaged; 2^63 purchases are beyond reach.
  static let idLimit: UInt64 = 1 << 63

  static func encode(_ t: Transaction) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("id", .string(String(t.id))),
      ("originalId", .string(String(t.originalId))),
      ("productId", .string(t.productId)),
      ("productType", .optional(t.productType?.rawValue)),
      ("state", .string(t.state.rawValue)),
      ("quantity", .int(Int64(t.quantity))),
      ("purchaseDate", .int(t.purchaseDate.milliseconds)),
      ("originalPurchaseDate", .int(t.originalPurchaseDate.milliseconds)),
      ("expirationDate", t.expirationDate.map { .int($0.milliseconds) } ?? .null),
      ("revocationDate", t.revocationDate.map { .int($0.milliseconds) } ?? .null),
      ("applicationUsername", .optional(t.applicationUsername)),
      ("error", t.error.map { .object([("code", .int(Int64($0.code.rawValue))), ("message", .string($0.message))]) } ?? .null),
      ("account", .string(t.account)),
      ("device", .string(t.device)),
      ("finished", .bool(t.finished)),
    ]
    // Rare fields are written only when set, which keeps the log's lines short.
    if let reason = t.revocationReason { members.append(("revocationReason", .string(reason.rawValue))) }
    if t.purchaseIssue { members.append(("purchaseIssue", .bool(true))) }
    if t.deleted { members.append(("deleted", .bool(true))) }
    if let group = t.subscriptionGroup { members.append(("subscriptionGroup", .string(group))) }
    if t.isRenewal { members.append(("isRenewal", .bool(true))) }
    if t.isUpgraded { members.append(("isUpgraded", .bool(true))) }
    if let v = t.bundleId { members.append(("bundleId", .string(v))) }
    if let v = t.storefront { members.append(("storefront", .string(v))) }
    if let v = t.price { members.append(("price", .string(v))) }
    if let v = t.currency { members.append(("currency", .string(v))) }
    if let v = t.finishedAtReceiptUpdate { members.append(("finishedAtReceiptUpdate", .int(Int64(v)))) }
    if let v = t.offerDiscountType { members.append(("offerDiscountType", .string(v.rawValue))) }
    if let v = t.offerPeriod { members.append(("offerPeriod", .string(v))) }
    if let v = t.offerIdentifier { members.append(("offerIdentifier", .string(v))) }
    if let v = t.redeemedOfferType { members.append(("offerType", .int(Int64(v.rawValue)))) }
    if t.hasDownloads { members.append(("hasDownloads", .bool(true))) }
    if let v = t.appAccountToken { members.append(("appAccountToken", .string(v))) }
    if let request = t.refundRequest {
      members.append((
        "refundRequest",
        .object([
          ("date", .int(request.date.milliseconds)), ("reason", .string(request.reason.rawValue)),
          ("status", .string(request.status.rawValue)),
        ] + (request.consumptionInformation.map { [("consumptionInformation", .string($0))] } ?? []))
      ))
    }
    if let v = t.refundReversalDate { members.append(("refundReversalDate", .int(v.milliseconds))) }
    if let v = t.familySharedFrom { members.append(("familySharedFrom", .string(String(v)))) }
    // Last: `TransactionRecordReader.Key` expects the members in this order.
    if let v = t.revocationPercentage { members.append(("revocationPercentage", .int(Int64(v)))) }
    return .object(members)
  }

  /// Reads a record back; the error names the first field that is wrong.
  static func decode(_ json: JSONValue) throws(RecordError) -> Transaction {
    func string(_ key: String) throws(RecordError) -> String {
      guard let value = json[key]?.stringValue else { throw RecordError(field: key) }
      return value
    }
    func optionalString(_ key: String) throws(RecordError) -> String? {
      guard let value = json[key] else { return nil }
      if value == .null { return nil }
      guard let s = value.stringValue else { throw RecordError(field: key) }
      return s
    }
    func discountType() throws(RecordError) -> OfferDiscountType? {
      guard let text = try optionalString("offerDiscountType") else { return nil }
      guard let type = OfferDiscountType(rawValue: text) else { throw RecordError(field: "offerDiscountType") }
      return type
    }
    func id(_ key: String) throws(RecordError) -> UInt64 {
      guard let value = UInt64(try string(key)), value < idLimit else { throw RecordError(field: key) }
      return value
    }
    func date(_ key: String) throws(RecordError) -> Timestamp {
      guard let ms = json[key]?.intValue else { throw RecordError(field: key) }
      return Timestamp(milliseconds: ms)
    }
    func optionalDate(_ key: String) throws(RecordError) -> Timestamp? {
      guard let value = json[key], value != .null else { return nil }
      guard let ms = value.intValue else { throw RecordError(field: key) }
      return Timestamp(milliseconds: ms)
    }
    var productType: ProductType?
    if let raw = try optionalString("productType") {
      guard let type = ProductType(rawValue: raw) else { throw RecordError(field: "productType") }
      productType = type
    }
    guard let state = TransactionState(rawValue: try string("state")) else { throw RecordError(field: "state") }
    // A payment the store refused may carry any quantity it was asked for; one it accepted
    // carries 1 to 10, and anything else is damage.
    guard let quantity = json["quantity"]?.intValue, let q = Int(exactly: quantity),
      state == .failed || (1...10).contains(q)
    else {
      throw RecordError(field: "quantity")
    }
    var error: StoreError?
    if let value = json["error"], value != .null {
      guard let number = value["code"]?.intValue, let code = SKErrorCode(rawValue: Int(number)),
        let message = value["message"]?.stringValue
      else { throw RecordError(field: "error") }
      error = StoreError(code, message)
    }
    guard let finished = json["finished"]?.boolValue else { throw RecordError(field: "finished") }
    var reason: RevocationReason?
    if let raw = try optionalString("revocationReason") {
      guard let value = RevocationReason(rawValue: raw) else { throw RecordError(field: "revocationReason") }
      reason = value
    }
    func flag(_ key: String) throws(RecordError) -> Bool {
      guard let value = json[key] else { return false }
      guard let b = value.boolValue else { throw RecordError(field: key) }
      return b
    }
    var transaction = Transaction(
      id: try id("id"), originalId: try id("originalId"), productId: try string("productId"),
      productType: productType, state: state, quantity: q, purchaseDate: try date("purchaseDate"),
      originalPurchaseDate: try date("originalPurchaseDate"), expirationDate: try optionalDate("expirationDate"),
      revocationDate: try optionalDate("revocationDate"), revocationReason: reason,
      applicationUsername: try optionalString("applicationUsername"), error: error, account: try string("account"),
      device: try string("device"), finished: finished, purchaseIssue: try flag("purchaseIssue"),
      deleted: try flag("deleted"), subscriptionGroup: try optionalString("subscriptionGroup"),
      isRenewal: try flag("isRenewal"), isUpgraded: try flag("isUpgraded"), bundleId: try optionalString("bundleId"),
      storefront: try optionalString("storefront"), price: try optionalString("price"),
      currency: try optionalString("currency"),
      finishedAtReceiptUpdate: json["finishedAtReceiptUpdate"]?.intValue.flatMap { Int(exactly: $0) },
      offerDiscountType: try discountType(), offerPeriod: try optionalString("offerPeriod"))
    transaction.hasDownloads = try flag("hasDownloads")
    transaction.offerIdentifier = try optionalString("offerIdentifier")
    // Absent in records written before offer codes and win-back offers, and on most.
    if let value = json["offerType"], value != .null {
      guard let n = value.intValue, n == 3 || n == 4 else { throw RecordError(field: "offerType") }
      transaction.redeemedOfferType = OfferType(rawValue: Int(n))
    }
    transaction.appAccountToken = try optionalString("appAccountToken")
    // Absent in records written before refund requests, and on most transactions.
    if let value = json["refundRequest"], value != .null {
      guard let ms = value["date"]?.intValue,
        let reason = value["reason"]?.stringValue.flatMap(ConsumptionRequestReason.init(rawValue:)),
        let status = value["status"]?.stringValue.flatMap(RefundRequestStatus.init(rawValue:))
      else { throw RecordError(field: "refundRequest") }
      transaction.refundRequest = RefundRequest(date: Timestamp(milliseconds: ms), reason: reason, status: status)
      transaction.refundRequest?.consumptionInformation = value["consumptionInformation"]?.stringValue
    }
    transaction.refundReversalDate = try optionalDate("refundReversalDate")
    if json["familySharedFrom"] != nil { transaction.familySharedFrom = try id("familySharedFrom") }
    // Absent in records written before prorated refunds, and on most transactions.
    if let value = json["revocationPercentage"], value != .null {
      guard let n = value.intValue, let percentage = Int(exactly: n) else { throw RecordError(field: "revocationPercentage") }
      transaction.revocationPercentage = percentage
    }
    return transaction
  }
}

/// A state record whose `field` is missing or has the wrong type.
package struct RecordError: Error {
  var field: String
}

/// How a log line is written: a transaction version as its record, an event as
/// `{"event": …}`.
package enum LogRecordCodec {
  static func encode(_ record: LogRecord) -> JSONValue {
    switch record {
    case let .transaction(t): return TransactionRecord.encode(t)
    case let .clearAccount(account): return .object([("event", .string("clear")), ("account", .string(account))])
    case let .reinstall(device): return .object([("event", .string("reinstall")), ("device", .string(device))])
    case let .subscription(subscription):
      return .object([("event", .string("subscription"))] + (SubscriptionRecord.encode(subscription).objectValue ?? []))
    case let .removeSubscription(account, group):
      return .object([("event", .string("removeSubscription")), ("account", .string(account)), ("group", .string(group))])
    case let .receiptUpdate(account):
      return .object([("event", .string("receiptUpdate")), ("account", .string(account))])
    case let .offerNonce(nonce):
      return .object([("event", .string("offerNonce")), ("nonce", .string(nonce))])
    case let .massExtension(request):
      return .object([("event", .string("massExtension"))] + (ExtensionRecord.encode(request).objectValue ?? []))
    case let .family(organizer, member, joined):
      return .object([
        ("event", .string("family")), ("organizer", .string(organizer)), ("member", .string(member)), ("joined", .bool(joined)),
      ])
    case let .dismissMessages(account, ids):
      return .object([("event", .string("dismissMessages")), ("account", .string(account)), ("ids", .array(ids.map(JSONValue.string)))])
    case let .notification(notification):
      // Notifications have a log of their own; this form is for completeness only.
      return .object([("event", .string("notification"))] + (NotificationRecord.encode(notification, after: 0).objectValue ?? []))
    }
  }

  static func decode(_ json: JSONValue) throws(RecordError) -> LogRecord {
    guard let event = json["event"] else { return .transaction(try TransactionRecord.decode(json)) }
    switch event.stringValue {
    case "clear":
      guard let account = json["account"]?.stringValue else { throw RecordError(field: "account") }
      return .clearAccount(account)
    case "reinstall":
      guard let device = json["device"]?.stringValue else { throw RecordError(field: "device") }
      return .reinstall(device: device)
    case "subscription":
      return .subscription(try SubscriptionRecord.decode(json))
    case "removeSubscription":
      guard let account = json["account"]?.stringValue, let group = json["group"]?.stringValue else {
        throw RecordError(field: "group")
      }
      return .removeSubscription(account: account, group: group)
    case "notification":
      return .notification(try NotificationRecord.decode(json))
    case "offerNonce":
      guard let nonce = json["nonce"]?.stringValue else { throw RecordError(field: "nonce") }
      return .offerNonce(nonce)
    case "massExtension":
      return .massExtension(try ExtensionRecord.decodeMass(json))
    case "family":
      guard let organizer = json["organizer"]?.stringValue, let member = json["member"]?.stringValue,
        let joined = json["joined"]?.boolValue
      else { throw RecordError(field: "family") }
      return .family(organizer: organizer, member: member, joined: joined)
    case "dismissMessages":
      guard let account = json["account"]?.stringValue, let list = json["ids"]?.arrayValue else { throw RecordError(field: "dismissMessages") }
      let ids = list.compactMap(\.stringValue)
      guard ids.count == list.count else { throw RecordError(field: "dismissMessages.ids") }
      return .dismissMessages(account: account, ids: ids)
    case "receiptUpdate":
      guard let account = json["account"]?.stringValue else { throw RecordError(field: "account") }
      return .receiptUpdate(account)
    default:
      throw RecordError(field: "event")
    }
  }
}
