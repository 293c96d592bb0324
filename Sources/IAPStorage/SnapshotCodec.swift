import IAPCore
import IAPFormats

/// Reads and writes `store.json`: the `StoreState` fold plus how much of the log it covers.
package enum SnapshotCodec {
  /// Bumped when the layout changes; an unknown format is reported, never guessed at.
  static let format: Int64 = 4

  /// How much of each log the snapshot covers, in bytes.
  package struct Offsets: Equatable {
    package var transactions = 0
    package var notifications = 0
  }

  /// The snapshot as a tree: `writeText`'s document, for tests to compare with.
  static func encode(_ state: StoreState, offsets: Offsets) -> JSONValue {
    let accounts = state.accounts.keys.sorted().map { name -> (String, JSONValue) in
      let account = state.accounts[name]!
      let queues = account.queues.keys.sorted().map { device in
        (device, JSONValue.array(account.queues[device]!.map(TransactionRecord.encode)))
      }
      return (name, .object([("queues", .object(queues))] + members(of: account)))
    }
    return .object(head(of: state, offsets: offsets) + [("accounts", .object(accounts))] + tail(of: state))
  }

  /// The document's members before `accounts`: numbers and a string of digits.
  private static func head(of state: StoreState, offsets: Offsets) -> [(String, JSONValue)] {
    [
      ("format", .int(format)),
      ("logOffset", .int(Int64(offsets.transactions))),
      ("notificationsOffset", .int(Int64(offsets.notifications))),
      ("notificationCount", .int(Int64(state.notificationCount))),
      ("nextId", .string(String(state.nextId))),
    ]
  }

  /// The document's members after `accounts`, each only when it holds something.
  private static func tail(of state: StoreState) -> [(String, JSONValue)] {
    var members: [(String, JSONValue)] = []
    if !state.usedOfferNonces.isEmpty {
      members.append(("offerNonces", .array(state.usedOfferNonces.sorted().map(JSONValue.string))))
    }
    if !state.massExtensions.isEmpty {
      let requests = state.massExtensions.keys.sorted().map { ExtensionRecord.encode(state.massExtensions[$0]!) }
      members.append(("massExtensions", .array(requests)))
    }
    if !state.families.isEmpty {
      members.append(("families", .object(state.families.keys.sorted().map { ($0, .array(state.families[$0]!.map(JSONValue.string))) })))
    }
    if !state.unreportedTokens.isEmpty {
      members.append(("unreportedTokens", .array(state.unreportedTokens.map(\.json))))
    }
    return members
  }

  /// An account's members after its queues.
  private static func members(of account: AccountState) -> [(String, JSONValue)] {
    let owned = account.ownership.values.sorted { $0.originalId < $1.originalId }.map { o in
      JSONValue.object([
        ("originalId", .string(String(o.originalId))),
        ("originalPurchaseDate", .int(o.originalPurchaseDate.milliseconds)),
        ("restorable", .bool(o.restorable)),
        ("latest", TransactionRecord.encode(o.latest)),
      ])
    }
    let subscriptions = account.subscriptions.keys.sorted().map { SubscriptionRecord.encode(account.subscriptions[$0]!) }
    return [
      ("ownership", .array(owned)), ("subscriptions", .array(subscriptions)),
      ("receiptUpdates", .int(Int64(account.receiptUpdates))),
    ] + (account.dismissedMessages.isEmpty ? [] : [("dismissedMessages", .array(account.dismissedMessages.sorted().map(JSONValue.string)))])
      + (account.genericMessages.isEmpty ? [] : [("genericMessages", .array(account.genericMessages.map(JSONValue.string)))])
  }

  /// `encode(_:offsets:)` as the compact text `store.json` holds, byte for byte, but written
  /// as a stream: the document's structure in order, one queued transaction at a time, handed
  /// to `emit` in pieces of about `pieceSize` bytes. A queue of a hundred thousand unfinished
  /// renewals is tens of megabytes of text, which is never held whole (as a tree, then text,
  /// then bytes, or as one buffer, it would set the peak memory of a long-lived store).
  ///
  /// Bytes only: `String + Substring` is a generic append the standard library does not
  /// specialise, whose first use looks a type up by name and so reads every protocol
  /// conformance record in the binary, on the path of every commit that writes the snapshot.
  static func writeText<E: Error>(_ state: StoreState, offsets: Offsets, _ emit: ([UInt8]) throws(E) -> Void) throws(E) {
    var out: [UInt8] = []
    out.reserveCapacity(pieceSize + 4_096)
    func flushIfFull() throws(E) {
      guard out.count >= pieceSize else { return }
      try emit(out)
      out.removeAll(keepingCapacity: true)
    }
    /// `"name":`, after a comma unless it is its object's first member.
    func key(_ name: String, first: Bool = false) {
      if !first { out.append(UInt8(ascii: ",")) }
      JSONWriter.compact(.string(name), into: &out)
      out.append(UInt8(ascii: ":"))
    }
    /// Each of `list` as `"name":value`.
    func write(_ list: [(String, JSONValue)], first: Bool = false) {
      for (n, (name, value)) in list.enumerated() {
        key(name, first: first && n == 0)
        JSONWriter.compact(value, into: &out)
      }
    }
    out.append(UInt8(ascii: "{"))
    write(head(of: state, offsets: offsets), first: true)
    key("accounts")
    out.append(UInt8(ascii: "{"))
    for (n, name) in state.accounts.keys.sorted().enumerated() {
      let account = state.accounts[name]!
      key(name, first: n == 0)
      out.append(UInt8(ascii: "{"))
      key("queues", first: true)
      out.append(UInt8(ascii: "{"))
      for (m, device) in account.queues.keys.sorted().enumerated() {
        key(device, first: m == 0)
        out.append(UInt8(ascii: "["))
        var first = true
        for transaction in account.queues[device]! {
          if !first { out.append(UInt8(ascii: ",")) }
          first = false
          JSONWriter.compact(TransactionRecord.encode(transaction), into: &out)
          try flushIfFull()
        }
        out.append(UInt8(ascii: "]"))
      }
      out.append(UInt8(ascii: "}"))
      write(members(of: account))
      out.append(UInt8(ascii: "}"))
      try flushIfFull()
    }
    out.append(UInt8(ascii: "}"))
    write(tail(of: state))
    out.append(UInt8(ascii: "}"))
    out.append(UInt8(ascii: "\n"))
    try emit(out)
  }

  /// How many bytes of `store.json` `writeText` gathers before handing them on.
  static let pieceSize = 64 << 10

  /// `writeText`'s pieces joined: the whole text of `store.json`.
  static func encodeText(_ state: StoreState, offsets: Offsets) -> [UInt8] {
    var text: [UInt8] = []
    writeText(state, offsets: offsets) { (piece: [UInt8]) -> Void in text.append(contentsOf: piece) }
    return text
  }

  /// Why `store.json`'s bytes could not be read: not JSON, or not a snapshot.
  package enum Problem: Error {
    case json(JSONParseError)
    case record(RecordError)
  }

  /// The nesting level of the queues' arrays: the document, `accounts`, an account, its
  /// `queues`, a device's array.
  static let queueDepth = 5

  /// Decodes `store.json` from its bytes, each queued transaction as the parser meets it
  /// (`JSONParser.parse(_:streamingArraysAt:arrays:_:)`): a century's hundred thousand
  /// unfinished renewals would make a tree of each, all in memory at once to read a queue.
  package static func decode(bytes: [UInt8]) throws(Problem) -> (StoreState, Offsets) {
    var queues: [PaymentQueue] = []
    var arrays = 0
    var problem: RecordError?
    let json: JSONValue
    do throws(JSONParseError) {
      json = try JSONParser.parse(bytes, streamingArraysAt: queueDepth, arrays: &arrays) { array, item in
        guard problem == nil else { return }
        while queues.count <= array { queues.append(PaymentQueue()) }
        do throws(RecordError) { queues[array].put(try TransactionRecord.decode(item)) } catch { problem = error }
      }
    } catch {
      throw .json(error)
    }
    if let problem { throw .record(problem) }
    do { return try decode(json, streamed: (queues, arrays)) } catch { throw .record(error) }
  }

  /// Decodes a snapshot's tree, whose queues the parser took out; the error says which part
  /// is wrong.
  ///
  /// - Parameter streamed: those queues, by the ordinal of their arrays, and how many arrays
  ///   lay at their level.
  private static func decode(_ json: JSONValue, streamed: (queues: [PaymentQueue], arrays: Int)) throws(RecordError) -> (StoreState, Offsets) {
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
    let notificationsOffset = json["notificationsOffset"]?.intValue ?? 0
    guard notificationsOffset >= 0 else { throw RecordError(field: "notificationsOffset") }
    // Absent in snapshots written before server extensions, and when none was made.
    for item in json["massExtensions"]?.arrayValue ?? [] {
      let request = try ExtensionRecord.decodeMass(item)
      state.massExtensions[request.key] = request
    }
    // Absent in snapshots written before promotional offers, and when none was used.
    for nonce in json["offerNonces"]?.arrayValue ?? [] {
      guard let text = nonce.stringValue else { throw RecordError(field: "offerNonces") }
      state.usedOfferNonces.insert(text)
    }
    // Absent in snapshots written before Family Sharing, and when no account has a family.
    for (organizer, list) in json["families"]?.objectValue ?? [] {
      guard let members = list.arrayValue?.compactMap(\.stringValue), members.count == list.arrayValue?.count else {
        throw RecordError(field: "families")
      }
      state.families[organizer] = members
    }
    // Absent when no external purchase token waits for its reporting period's end.
    for item in json["unreportedTokens"]?.arrayValue ?? [] {
      guard let token = ExternalPurchaseToken(json: item) else { throw RecordError(field: "unreportedTokens") }
      state.unreportedTokens.append(token)
    }
    state.notificationCount = json["notificationCount"]?.intValue.flatMap { Int(exactly: $0) } ?? 0
    var queueOrdinal = 0
    for (name, value) in accounts {
      var account = AccountState()
      guard let queues = value["queues"]?.objectValue, let owned = value["ownership"]?.arrayValue else {
        throw RecordError(field: "accounts.\(name)")
      }
      for (device, list) in queues {
        guard list.arrayValue != nil else { throw RecordError(field: "accounts.\(name).queues.\(device)") }
        // The parser met the queues' arrays in this order, and took their transactions out.
        account.queues[device] = queueOrdinal < streamed.queues.count ? streamed.queues[queueOrdinal] : PaymentQueue()
        queueOrdinal += 1
      }
      for item in owned {
        guard let originalId = item["originalId"]?.stringValue.flatMap({ UInt64($0) }), originalId < TransactionRecord.idLimit,
          let originalDate = item["originalPurchaseDate"]?.intValue,
          let restorable = item["restorable"]?.boolValue, let latest = item["latest"]
        else { throw RecordError(field: "accounts.\(name).ownership") }
        let transaction = try TransactionRecord.decode(latest)
        account.ownership[transaction.productId] = Ownership(
          originalId: originalId, originalPurchaseDate: Timestamp(milliseconds: originalDate), latest: transaction,
          restorable: restorable)
      }
      account.receiptUpdates = value["receiptUpdates"]?.intValue.flatMap { Int(exactly: $0) } ?? 0
      for item in value["subscriptions"]?.arrayValue ?? [] {
        let subscription = try SubscriptionRecord.decode(item)
        account.subscriptions[subscription.group] = subscription
      }
      for item in value["dismissedMessages"]?.arrayValue ?? [] {
        guard let id = item.stringValue else { throw RecordError(field: "accounts.\(name).dismissedMessages") }
        account.dismissedMessages.insert(id)
      }
      for item in value["genericMessages"]?.arrayValue ?? [] {
        guard let id = item.stringValue else { throw RecordError(field: "accounts.\(name).genericMessages") }
        account.genericMessages.append(id)
      }
      state.accounts[name] = account
    }
    // Every array the parser streamed must be a queue, or their ordinals meant nothing.
    if streamed.arrays != queueOrdinal { throw RecordError(field: "accounts") }
    return (state, Offsets(transactions: Int(offset), notifications: Int(notificationsOffset)))
  }
}
