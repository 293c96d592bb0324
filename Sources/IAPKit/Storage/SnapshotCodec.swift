/// Reads and writes `store.json`: the `StoreState` fold plus how much of the log it covers.
enum SnapshotCodec {
  /// Bumped when the layout changes; an unknown format is reported, never guessed at.
  static let format: Int64 = 1

  static func encode(_ state: StoreState, logOffset: Int) -> JSONValue {
    let accounts = state.accounts.keys.sorted().map { name -> (String, JSONValue) in
      let account = state.accounts[name]!
      let queues = account.queues.keys.sorted().map { device in
        (device, JSONValue.array(account.queues[device]!.map(TransactionRecord.encode)))
      }
      let owned = account.ownership.values.sorted { $0.originalId < $1.originalId }.map { o in
        JSONValue.object([
          ("productId", .string(o.productId)),
          ("productType", .string(o.productType.rawValue)),
          ("originalId", .string(String(o.originalId))),
          ("originalPurchaseDate", .int(o.originalPurchaseDate.milliseconds)),
          ("latestId", .string(String(o.latestId))),
          ("expirationDate", o.expirationDate.map { .int($0.milliseconds) } ?? .null),
          ("restorable", .bool(o.restorable)),
        ])
      }
      return (name, .object([("queues", .object(queues)), ("ownership", .array(owned))]))
    }
    return .object([
      ("format", .int(format)),
      ("logOffset", .int(Int64(logOffset))),
      ("nextId", .string(String(state.nextId))),
      ("accounts", .object(accounts)),
    ])
  }

  /// Decodes a snapshot; the error says which part is wrong.
  static func decode(_ json: JSONValue) throws(RecordError) -> (StoreState, logOffset: Int) {
    guard json["format"]?.intValue == format else { throw RecordError(field: "format") }
    guard let offset = json["logOffset"]?.intValue, offset >= 0 else { throw RecordError(field: "logOffset") }
    guard let nextText = json["nextId"]?.stringValue, let nextId = UInt64(nextText),
      nextId <= TransactionRecord.idLimit
    else {
      throw RecordError(field: "nextId")
    }
    guard let accounts = json["accounts"]?.objectValue else { throw RecordError(field: "accounts") }
    var state = StoreState()
    state.nextId = nextId
    for (name, value) in accounts {
      var account = AccountState()
      guard let queues = value["queues"]?.objectValue, let owned = value["ownership"]?.arrayValue else {
        throw RecordError(field: "accounts.\(name)")
      }
      for (device, list) in queues {
        guard let items = list.arrayValue else { throw RecordError(field: "accounts.\(name).queues.\(device)") }
        account.queues[device] = try items.map { (item: JSONValue) throws(RecordError) -> Transaction in
          try TransactionRecord.decode(item)
        }
      }
      for item in owned {
        guard let productId = item["productId"]?.stringValue,
          let type = item["productType"]?.stringValue.flatMap(ProductType.init(rawValue:)),
          let originalId = item["originalId"]?.stringValue.flatMap({ UInt64($0) }), originalId < TransactionRecord.idLimit,
          let originalDate = item["originalPurchaseDate"]?.intValue,
          let latestId = item["latestId"]?.stringValue.flatMap({ UInt64($0) }), latestId < TransactionRecord.idLimit,
          let restorable = item["restorable"]?.boolValue
        else { throw RecordError(field: "accounts.\(name).ownership") }
        account.ownership[productId] = Ownership(
          productId: productId, productType: type, originalId: originalId,
          originalPurchaseDate: Timestamp(milliseconds: originalDate), latestId: latestId,
          expirationDate: item["expirationDate"]?.intValue.map(Timestamp.init(milliseconds:)), restorable: restorable)
      }
      state.accounts[name] = account
    }
    return (state, Int(offset))
  }
}
