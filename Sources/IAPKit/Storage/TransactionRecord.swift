/// How a transaction version is written in the state files: one compact JSON object.
///
/// Dates are integer milliseconds (exact, and no date parsing on load); ids are decimal
/// strings so that no JSON reader rounds them.
enum TransactionRecord {
  /// Ids read back must be below this, so that `nextId = id + 1` cannot overflow however
  /// a state file was damaged; 2^63 purchases are beyond reach.
  static let idLimit: UInt64 = 1 << 63

  static func encode(_ t: Transaction) -> JSONValue {
    .object([
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
    ])
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
    guard let quantity = json["quantity"]?.intValue, let q = Int(exactly: quantity) else {
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
    return Transaction(
      id: try id("id"), originalId: try id("originalId"), productId: try string("productId"),
      productType: productType, state: state, quantity: q, purchaseDate: try date("purchaseDate"),
      originalPurchaseDate: try date("originalPurchaseDate"), expirationDate: try optionalDate("expirationDate"),
      revocationDate: try optionalDate("revocationDate"), applicationUsername: try optionalString("applicationUsername"),
      error: error, account: try string("account"), device: try string("device"), finished: finished)
  }
}

/// A state record whose `field` is missing or has the wrong type.
struct RecordError: Error {
  var field: String
}
