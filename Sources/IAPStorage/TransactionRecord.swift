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

  /// The record of `t`: its fields in their declared order (`Field`), the head's always and
  /// the rest when set.
  static func encode(_ t: Transaction) -> JSONValue {
    var members: [(String, JSONValue)] = []
    members.reserveCapacity(Field.count)
    for raw in 0..<Field.count {
      let field = Field(rawValue: raw)!
      if let value = field.value(of: t) {
        members.append((field.name, value))
      } else if field.isWrittenWhenUnset {
        members.append((field.name, .null))
      }
    }
    return .object(members)
  }

  /// Reads a record the general parser read back; the error names the first field (in the
  /// declared order) that is wrong.
  package static func decode(_ json: JSONValue) throws(RecordError) -> Transaction {
    let members = json.objectValue ?? []
    let result = withUnsafeTemporaryAllocation(of: JSONValue?.self, capacity: Field.count) { values -> Result<Transaction, RecordError> in
      values.initialize(repeating: nil)
      defer { values.deinitialize() }
      do throws(RecordError) {
        return .success(try transaction(TransactionRecordTree(members, into: values)))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// A transaction with every field unset, which a read starts from.
  private static let blank = Transaction(
    id: 0, originalId: 0, productId: "", productType: nil, state: .purchased, quantity: 1,
    purchaseDate: Timestamp(milliseconds: 0), originalPurchaseDate: Timestamp(milliseconds: 0), account: "", device: "")

  /// The transaction `members` describe, whichever reader gathered them: each field read by
  /// its declaration, then the rules that span fields.
  static func transaction<M: TransactionRecordMembers>(_ members: M) throws(RecordError) -> Transaction {
    var t = blank
    for raw in 0..<Field.count {
      let field = Field(rawValue: raw)!
      // An absent field that is not always written is unset, as in `blank`.
      guard field.isWrittenWhenUnset || members.isPresent(field) else { continue }
      try field.decode(from: members, into: &t)
    }
    // A payment the store refused may carry any quantity it was asked for; one it accepted
    // carries 1 to 10, and anything else is damage.
    guard t.state == .failed || (1...10).contains(t.quantity) else { throw RecordError(field: Field.quantity.name) }
    return t
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
    case let .externalPurchaseToken(token, pending):
      return .object([("event", .string("externalPurchaseToken")), ("token", token.json), ("pending", .bool(pending))])
    case let .appStoreMessage(account, id):
      return .object([("event", .string("appStoreMessage")), ("account", .string(account)), ("id", .string(id))])
    case let .notification(notification):
      // Notifications have a log of their own; this form is for completeness only.
      return .object([("event", .string("notification"))] + (NotificationRecord.encode(notification, after: 0).objectValue ?? []))
    }
  }

  package static func decode(_ json: JSONValue) throws(RecordError) -> LogRecord {
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
    case "externalPurchaseToken":
      guard let token = json["token"].flatMap(ExternalPurchaseToken.init(json:)), let pending = json["pending"]?.boolValue else {
        throw RecordError(field: "externalPurchaseToken")
      }
      return .externalPurchaseToken(token, pending: pending)
    case "appStoreMessage":
      guard let account = json["account"]?.stringValue, let id = json["id"]?.stringValue else { throw RecordError(field: "appStoreMessage") }
      return .appStoreMessage(account: account, id: id)
    case "receiptUpdate":
      guard let account = json["account"]?.stringValue else { throw RecordError(field: "account") }
      return .receiptUpdate(account)
    default:
      throw RecordError(field: "event")
    }
  }
}
