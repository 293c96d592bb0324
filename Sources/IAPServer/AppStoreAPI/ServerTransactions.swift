import IAPCore
import IAPFormats
import IAPKit
import IAPStorage
import IAPSystem

/// The filters and page of a Get Transaction History request, as its query parameters give
/// them (`revision`, `sort`, `startDate`, `endDate`, `productId`, `productType`,
/// `subscriptionGroupIdentifier`, `inAppOwnershipType`, `revoked`).
package struct TransactionHistoryQuery: Sendable {
  /// The page's start: the `revision` a previous page answered (nil for the first page).
  package var revision: String?
  package var ascending = true
  /// Purchase dates from `startDate` (included) to `endDate` (excluded), in ms.
  package var startDate: Int64?
  package var endDate: Int64?
  package var productIds: [String] = []
  /// `AUTO_RENEWABLE`, `NON_RENEWABLE`, `CONSUMABLE`, `NON_CONSUMABLE`.
  package var productTypes: [String] = []
  package var subscriptionGroups: [String] = []
  package var inAppOwnershipType: String?
  /// Only revoked transactions (true), none (false), or both (nil).
  package var revoked: Bool?
  /// 1 or 2: version 1 leaves out consumables that were finished, as Apple's Get Transaction
  /// History V1 page says; version 2 (`/inApps/v2/history`) returns every product type.
  package var version = 1

  package init() {}

  /// Transactions in a page.
  package static let pageSize = 20

  static let productTypeNames: [(String, ProductType)] = [
    ("AUTO_RENEWABLE", .autoRenewable), ("NON_RENEWABLE", .nonRenewing), ("CONSUMABLE", .consumable), ("NON_CONSUMABLE", .nonConsumable),
  ]

  /// Whether `t` passes every filter.
  func admits(_ t: Transaction) -> Bool {
    if let startDate, t.purchaseDate.milliseconds < startDate { return false }
    if let endDate, t.purchaseDate.milliseconds >= endDate { return false }
    if !productIds.isEmpty, !productIds.contains(t.productId) { return false }
    if !productTypes.isEmpty {
      let names = Self.productTypeNames.filter { $0.1 == t.productType }.map(\.0)
      guard productTypes.contains(where: names.contains) else { return false }
    }
    if !subscriptionGroups.isEmpty, !subscriptionGroups.contains(t.subscriptionGroup ?? "") { return false }
    if let inAppOwnershipType, inAppOwnershipType != t.inAppOwnershipType { return false }
    if let revoked, revoked != (t.revocationDate != nil) { return false }
    if version == 1, t.productType == .consumable, t.finished { return false }
    return true
  }

  /// Refuses values Apple refuses, with Apple's errors.
  func validate() throws(ServerAPIError) {
    if let revision, Int(revision).map({ $0 >= 0 }) != true { throw .invalidRevision }
    if let startDate, startDate < 0 { throw .invalidStartDate }
    if let endDate, endDate < 0 { throw .invalidEndDate }
    if let startDate, let endDate, startDate >= endDate { throw .startDateAfterEndDate }
    let known = Self.productTypeNames.map(\.0)
    if productTypes.contains(where: { !known.contains($0) }) { throw .invalidProductType }
    if let inAppOwnershipType, !["PURCHASED", "FAMILY_SHARED"].contains(inAppOwnershipType) { throw .invalidInAppOwnershipType }
  }
}

extension Workspace {
  /// Use case: Get Transaction Info (`GET /inApps/v1/transactions/{transactionId}`): the
  /// signed transaction, of any customer of the store.
  package func serverTransactionInfo(_ id: String) throws(ServerAPIError) -> JSONValue {
    let (opened, signer) = try openForServer()
    guard let transaction = try find(id, in: opened), let signed = signer.transaction(transaction) else {
      try refuseAppTransactionId(id, in: opened, signer: signer)
      throw .transactionNotFound
    }
    return .object([("signedTransactionInfo", .string(signed))])
  }

  /// Use case: Get Transaction History (`GET /inApps/v1|v2/history/{transactionId}`): the
  /// purchases of the customer who made transaction `id` (or whose app transaction id it is), 20 a page, in the order they were
  /// last modified (Apple's `sort`: "by their recently modified date"). `revision` is where
  /// the last page ended in that order: the log position of its last transaction's latest
  /// version, so a transaction changed after a page was read (a refund of an old purchase)
  /// comes again after that page's revision.
  package func serverTransactionHistory(_ id: String, _ query: TransactionHistoryQuery) throws(ServerAPIError) -> JSONValue {
    try query.validate()
    let (opened, signer) = try openForServer()
    guard let customer = try customer(anyTransactionId: id, in: opened, signer: signer) else { throw .transactionNotFound }
    let after = query.revision.flatMap { Int($0) }
    var matching: [(transaction: Transaction, position: Int)] = []
    try reading { () throws(IAPError) in
      try IAPError.ofState(opened.session.latestVersions().forEachWithPosition { t, position in
        guard t.account == customer, t.state == .purchased, query.admits(t) else { return }
        matching.append((t, position))
      })
    }
    matching.sort { query.ascending ? $0.position < $1.position : $0.position > $1.position }
    if let after { matching = matching.filter { query.ascending ? $0.position > after : $0.position < after } }
    let page = matching.prefix(TransactionHistoryQuery.pageSize)
    let revision = page.last.map { String($0.position) } ?? query.revision ?? "0"
    return .object(
      [("revision", .string(revision))] + appFields(signer) + [
        ("hasMore", .bool(matching.count > page.count)),
        ("signedTransactions", .array(page.compactMap { signer.transaction($0.transaction).map(JSONValue.string) })),
      ])
  }

  /// Use case: Get All Subscription Statuses (`GET /inApps/v1/subscriptions/{transactionId}`):
  /// each subscription group of the customer who made transaction `id` (or whose app
  /// transaction id it is), with its status
  /// (1 active, 2 expired, 3 billing retry, 4 grace period, 5 revoked), its latest signed
  /// transaction and renewal info; `statuses` keeps only those.
  package func serverSubscriptionStatuses(_ id: String, statuses: [Int]) throws(ServerAPIError) -> JSONValue {
    guard statuses.allSatisfy({ (1...5).contains($0) }) else { throw .invalidStatus }
    let (opened, signer) = try openForServer()
    guard let customer = try customer(anyTransactionId: id, in: opened, signer: signer) else { throw .transactionNotFound }
    let subscriptions = (opened.store.state.accounts[customer]?.subscriptions.values).map(Array.init) ?? []
    var data: [JSONValue] = []
    for s in subscriptions.sorted(by: { $0.group < $1.group }) {
      let status = ServerNotification.status(of: s) ?? 2
      guard statuses.isEmpty || statuses.contains(status) else { continue }
      let last = JSONValue.object([
        ("status", .int(Int64(status))), ("originalTransactionId", .string(String(s.originalId))),
        ("signedTransactionInfo", .optional(signer.transaction(s.latest))), ("signedRenewalInfo", .string(signer.renewalInfo(s))),
      ])
      data.append(.object([("subscriptionGroupIdentifier", .string(s.group)), ("lastTransactions", .array([last]))]))
    }
    return .object(appFields(signer) + [("data", .array(data))])
  }

  /// Use case: Get Refund History (`GET /inApps/v2/refund/lookup/{transactionId}`): the
  /// refunded (revoked) purchases of the customer who made transaction `id` (or whose app
  /// transaction id it is), 20 a page in
  /// transaction id order; `revision` is where the next page starts.
  package func serverRefundHistory(_ id: String, revision: String?) throws(ServerAPIError) -> JSONValue {
    if let revision, UInt64(revision) == nil { throw .invalidRevision }
    let (opened, signer) = try openForServer()
    guard let customer = try customer(anyTransactionId: id, in: opened, signer: signer) else { throw .transactionNotFound }
    let after = revision.flatMap { UInt64($0) } ?? 0
    var refunded: [Transaction] = []
    try reading { () throws(IAPError) in
      try IAPError.ofState(opened.session.latestVersions().forEach { t in
        // Apple lists only refunds the App Store approved: a family member's share that ended
        // (FAMILY_REVOKE) is revoked but was never refunded to anyone.
        if t.account == customer, t.state == .purchased, t.revocationDate != nil, t.revocationType != .familyRevoke, t.id > after {
          refunded.append(t)
        }
      })
    }
    let page = refunded.prefix(TransactionHistoryQuery.pageSize)
    return .object([
      ("signedTransactions", .array(page.compactMap { signer.transaction($0).map(JSONValue.string) })),
      ("revision", .string(page.last.map { String($0.id) } ?? revision ?? "0")),
      ("hasMore", .bool(refunded.count > page.count)),
    ])
  }

  /// Use case: Look Up Order ID (`GET /inApps/v1/lookup/{orderId}`): status 0 with the
  /// order's signed transaction, or status 1 for an order id the store never gave.
  package func serverOrderLookup(_ orderId: String) throws(ServerAPIError) -> JSONValue {
    let (opened, signer) = try openForServer()
    guard let id = OrderId.transactionId(orderId), let transaction = try find(String(id), in: opened), transaction.state == .purchased,
      let signed = signer.transaction(transaction)
    else { return .object([("status", .int(1))]) }
    return .object([("status", .int(0)), ("signedTransactions", .array([.string(signed)]))])
  }

  // MARK: - Shared by the server's use cases

  /// Runs a read of the store, answering its own failures as Apple's general error.
  func reading<T>(_ body: () throws(IAPError) -> T) throws(ServerAPIError) -> T {
    do { return try body() } catch { throw .serverFailure(error) }
  }

  /// The store opened for reading, and its signer: a copy of what an earlier request opened
  /// while nothing in the state folder changed since (`ServerReadCache`), else opened afresh.
  func openForServer() throws(ServerAPIError) -> (OpenedStore, Signer) {
    try reading { () throws(IAPError) in
      let fields = authorizedCatalogFields ?? catalogFieldsQuietly()
      // Taken before the state is opened: a change made after it gives a new one.
      let reads = serverCache?.reads
      let generation = reads == nil ? nil : FolderWatch.shared?.generation(of: stateDirectory.path)
      if let generation, let kept = reads?.kept(at: generation, account: account, device: device, fields: fields) {
        let now = kept.clock.now(real: environment.now())
        // Subscription events now due are made (and committed) by opening afresh.
        if !kept.store.hasDueEvents(at: now) {
          let session = try IAPError.ofState(kept.session.unlockedCopy())
          session.warn = { [console] in console.warning($0) }
          var opened = OpenedStore(session: session, store: kept.store, now: now, clock: kept.clock, settings: kept.settings)
          opened.catalogFields = fields
          deliveryURL = kept.settings.notificationURL
          return (opened, kept.signer.at(now))
        }
      }
      let opened = try openStore(forWriting: false, catalog: fields)
      let signer = try signer(opened)
      if let generation, !opened.session.writable {
        reads?.keep(
          .init(
            generation: generation, account: account, device: device, fields: fields, session: try IAPError.ofState(opened.session.unlockedCopy()),
            store: opened.store, clock: opened.clock, settings: opened.settings, signer: signer))
      }
      return (opened, signer)
    }
  }

  /// Opens the store for writing, runs `body` on it and commits what it recorded; a thrown
  /// error commits nothing. The front end then delivers what it notified.
  func actingForServer<T>(_ body: (inout OpenedStore, Signer) throws(ServerAPIError) -> T) throws(ServerAPIError) -> T {
    let (store, storeSigner) = try reading { () throws(IAPError) -> (OpenedStore, Signer) in
      let opened = try openStore(forWriting: true)
      return (opened, try signer(opened))
    }
    var opened = store
    let result = try body(&opened, storeSigner)
    try reading { () throws(IAPError) in try opened.commit() }
    return result
  }

  /// The latest version of transaction `id` of any account, if it has one: ids are digits.
  func find(_ id: String, in opened: OpenedStore) throws(ServerAPIError) -> Transaction? {
    let number = try Self.transactionNumber(id, invalid: .invalidTransactionId)
    if asksOtherEnvironment(opened) { return nil }
    return try reading { () throws(IAPError) in
      // The server keeps the log's index from one request to the next.
      try IAPError.ofState(opened.session.transaction(number, kept: reuse?.transactionIndex))
    }
  }

  /// A transaction id from a request's path: decimal digits only (Apple answers `invalid`
  /// for anything else, a sign or spaces included).
  static func transactionNumber(_ id: String, invalid: ServerAPIError) throws(ServerAPIError) -> UInt64 {
    guard !id.isEmpty, id.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = UInt64(id) else { throw invalid }
    return number
  }

  /// `bundleId`, `appAppleId` (when set) and `environment`, as Apple's responses carry them.
  func appFields(_ signer: Signer) -> [(String, JSONValue)] {
    let bundle = catalogFieldsQuietly()?.bundleId ?? ""
    var fields: [(String, JSONValue)] = [("bundleId", .string(bundle))]
    if let id = signer.appAppleId { fields.append(("appAppleId", .int(id))) }
    fields.append(("environment", .string(signer.environment.rawValue)))
    return fields
  }
}
