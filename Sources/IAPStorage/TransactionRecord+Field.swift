import IAPCore
import IAPFormats
import IAPSystem

extension TransactionRecord {
  /// The members of a transaction record: the record's schema, declared once.
  ///
  /// The cases are in the order the record writes them (`TransactionRecord.encode` iterates
  /// them), and each case says here how its value is written (`value(of:)`) and read back
  /// (`decode(from:into:)`), so that the writer, the general decoder and the quick byte
  /// reader (`TransactionRecordReader`) cannot disagree on a name or an order. A new field is
  /// one case, its name and its two arms below (the compiler asks for each), plus the model's
  /// property.
  enum Field: Int, CaseIterable {
    // The head of the record, written always (null when unset).
    case id, originalId, productId, productType, state, quantity, purchaseDate, originalPurchaseDate
    case expirationDate, revocationDate, applicationUsername, error, account, device, finished
    // Rare fields, written only when set: it keeps the log's lines short.
    case revocationReason, purchaseIssue, deleted, subscriptionGroup, isRenewal, isUpgraded, bundleId
    case storefront, price, currency, finishedAtReceiptUpdate, offerDiscountType, offerPeriod
    case offerIdentifier, offerType, hasDownloads, appAccountToken, refundRequest, refundReversalDate
    case familySharedFrom, revocationPercentage, billingPlanType, commitmentInfo

    /// The number of fields: the last case's number and one (a test checks it is every case).
    static let count = Field.commitmentInfo.rawValue + 1

    /// Whether the member is written when its field is unset (as null): the head's are; the
    /// rest (and any new field) only when set.
    var isWrittenWhenUnset: Bool {
      switch self {
      case .id, .originalId, .productId, .productType, .state, .quantity, .purchaseDate, .originalPurchaseDate,
        .expirationDate, .revocationDate, .applicationUsername, .error, .account, .device, .finished:
        true
      default: false
      }
    }

    /// The member's key as written.
    var name: String {
      switch self {
      case .id: "id"
      case .originalId: "originalId"
      case .productId: "productId"
      case .productType: "productType"
      case .state: "state"
      case .quantity: "quantity"
      case .purchaseDate: "purchaseDate"
      case .originalPurchaseDate: "originalPurchaseDate"
      case .expirationDate: "expirationDate"
      case .revocationDate: "revocationDate"
      case .applicationUsername: "applicationUsername"
      case .error: "error"
      case .account: "account"
      case .device: "device"
      case .finished: "finished"
      case .revocationReason: "revocationReason"
      case .purchaseIssue: "purchaseIssue"
      case .deleted: "deleted"
      case .subscriptionGroup: "subscriptionGroup"
      case .isRenewal: "isRenewal"
      case .isUpgraded: "isUpgraded"
      case .bundleId: "bundleId"
      case .storefront: "storefront"
      case .price: "price"
      case .currency: "currency"
      case .finishedAtReceiptUpdate: "finishedAtReceiptUpdate"
      case .offerDiscountType: "offerDiscountType"
      case .offerPeriod: "offerPeriod"
      case .offerIdentifier: "offerIdentifier"
      case .offerType: "offerType"
      case .hasDownloads: "hasDownloads"
      case .appAccountToken: "appAccountToken"
      case .refundRequest: "refundRequest"
      case .refundReversalDate: "refundReversalDate"
      case .familySharedFrom: "familySharedFrom"
      case .revocationPercentage: "revocationPercentage"
      case .billingPlanType: "billingPlanType"
      case .commitmentInfo: "commitmentInfo"
      }
    }

    /// The member's value for `t`, nil when the field is unset (a flag that is false).
    func value(of t: Transaction) -> JSONValue? {
      switch self {
      case .id: .string(String(t.id))
      case .originalId: .string(String(t.originalId))
      case .productId: .string(t.productId)
      case .productType: t.productType.map { .string($0.rawValue) }
      case .state: .string(t.state.rawValue)
      case .quantity: .int(Int64(t.quantity))
      case .purchaseDate: .int(t.purchaseDate.milliseconds)
      case .originalPurchaseDate: .int(t.originalPurchaseDate.milliseconds)
      case .expirationDate: t.expirationDate.map { .int($0.milliseconds) }
      case .revocationDate: t.revocationDate.map { .int($0.milliseconds) }
      case .applicationUsername: t.applicationUsername.map(JSONValue.string)
      case .error: t.error.map { .object([("code", .int(Int64($0.code.rawValue))), ("message", .string($0.message))]) }
      case .account: .string(t.account)
      case .device: .string(t.device)
      case .finished: .bool(t.finished)
      case .revocationReason: t.revocationReason.map { .string($0.rawValue) }
      case .purchaseIssue: t.purchaseIssue ? .bool(true) : nil
      case .deleted: t.deleted ? .bool(true) : nil
      case .subscriptionGroup: t.subscriptionGroup.map(JSONValue.string)
      case .isRenewal: t.isRenewal ? .bool(true) : nil
      case .isUpgraded: t.isUpgraded ? .bool(true) : nil
      case .bundleId: t.bundleId.map(JSONValue.string)
      case .storefront: t.storefront.map(JSONValue.string)
      case .price: t.price.map(JSONValue.string)
      case .currency: t.currency.map(JSONValue.string)
      case .finishedAtReceiptUpdate: t.finishedAtReceiptUpdate.map { .int(Int64($0)) }
      case .offerDiscountType: t.offerDiscountType.map { .string($0.rawValue) }
      case .offerPeriod: t.offerPeriod.map(JSONValue.string)
      case .offerIdentifier: t.offerIdentifier.map(JSONValue.string)
      case .offerType: t.redeemedOfferType.map { .int(Int64($0.rawValue)) }
      case .hasDownloads: t.hasDownloads ? .bool(true) : nil
      case .appAccountToken: t.appAccountToken.map(JSONValue.string)
      case .refundRequest:
        t.refundRequest.map { request in
          .object(
            [
              ("date", .int(request.date.milliseconds)), ("reason", .string(request.reason.rawValue)),
              ("status", .string(request.status.rawValue)),
            ] + (request.consumptionInformation.map { [("consumptionInformation", .string($0))] } ?? []))
        }
      case .refundReversalDate: t.refundReversalDate.map { .int($0.milliseconds) }
      case .familySharedFrom: t.familySharedFrom.map { .string(String($0)) }
      case .revocationPercentage: t.revocationPercentage.map { .int(Int64($0)) }
      case .billingPlanType: t.billingPlanType.map { .string($0.rawValue) }
      case .commitmentInfo:
        t.commitment.map { c in
          .object([
            ("billingPeriodNumber", .int(Int64(c.billingPeriodNumber))), ("totalBillingPeriods", .int(Int64(c.totalBillingPeriods))),
            ("commitmentPrice", .string(c.commitmentPrice)), ("expires", .int(c.expires.milliseconds)),
          ])
        }
      }
    }

    /// Reads the member into `t` from `members` (either reader's), throwing when it is
    /// missing or wrong; a member that is absent leaves the field unset. (`t` starts with
    /// every field unset; the out-of-line fields are assigned only when set, as assigning
    /// one nil once another is set copies their box.)
    package func decode<M: TransactionRecordMembers>(from members: M, into t: inout Transaction) throws(RecordError) {
      switch self {
      case .id: t.id = try members.id(self)
      case .originalId: t.originalId = try members.id(self)
      case .productId: t.productId = try members.string(self)
      case .productType: t.productType = try members.optional(self, ProductType.init(rawValue:))
      case .state: t.state = try members.required(self, TransactionState.init(rawValue:))
      case .quantity:
        // Whether it suits the state is the record's rule (`TransactionRecord.decode`).
        guard let n = members.int(self), let quantity = Int(exactly: n) else { throw RecordError(field: name) }
        t.quantity = quantity
      case .purchaseDate: t.purchaseDate = try members.date(self)
      case .originalPurchaseDate: t.originalPurchaseDate = try members.date(self)
      case .expirationDate: t.expirationDate = try members.optionalDate(self)
      case .revocationDate: if let date = try members.optionalDate(self) { t.revocationDate = date }
      case .applicationUsername: if let name = try members.optionalString(self) { t.applicationUsername = name }
      case .error:
        guard members.isPresent(self), !members.isNull(self) else { return }
        guard let value = members.nested(self), let number = value["code"]?.intValue,
          let code = SKErrorCode(rawValue: Int(number)), let message = value["message"]?.stringValue
        else { throw RecordError(field: name) }
        t.error = StoreError(code, message)
      case .account: t.account = try members.string(self)
      case .device: t.device = try members.string(self)
      case .finished:
        guard let finished = members.bool(self) else { throw RecordError(field: name) }
        t.finished = finished
      case .revocationReason: if let reason = try members.optional(self, RevocationReason.init(rawValue:)) { t.revocationReason = reason }
      case .purchaseIssue: t.purchaseIssue = try members.flag(self)
      case .deleted: t.deleted = try members.flag(self)
      case .subscriptionGroup: t.subscriptionGroup = try members.optionalString(self)
      case .isRenewal: t.isRenewal = try members.flag(self)
      case .isUpgraded: t.isUpgraded = try members.flag(self)
      case .bundleId: t.bundleId = try members.optionalString(self)
      case .storefront: t.storefront = try members.optionalString(self)
      case .price: t.price = try members.optionalString(self)
      case .currency: t.currency = try members.optionalString(self)
      // Taken leniently, as it always was: anything but an integer reads as unset.
      case .finishedAtReceiptUpdate: if let n = members.int(self).flatMap({ Int(exactly: $0) }) { t.finishedAtReceiptUpdate = n }
      case .offerDiscountType: if let type = try members.optional(self, OfferDiscountType.init(rawValue:)) { t.offerDiscountType = type }
      case .offerPeriod: if let period = try members.optionalString(self) { t.offerPeriod = period }
      case .offerIdentifier: if let offer = try members.optionalString(self) { t.offerIdentifier = offer }
      case .offerType:
        // Absent in records written before offer codes and win-back offers, and on most.
        guard members.isPresent(self), !members.isNull(self) else { return }
        guard let n = members.int(self), n == 3 || n == 4 else { throw RecordError(field: name) }
        t.redeemedOfferType = OfferType(rawValue: Int(n))
      case .hasDownloads: t.hasDownloads = try members.flag(self)
      case .appAccountToken: if let token = try members.optionalString(self) { t.appAccountToken = token }
      case .refundRequest:
        // Absent in records written before refund requests, and on most transactions.
        guard members.isPresent(self), !members.isNull(self) else { return }
        guard let value = members.nested(self), let ms = value["date"]?.intValue,
          let reason = value["reason"]?.stringValue.flatMap(ConsumptionRequestReason.init(rawValue:)),
          let status = value["status"]?.stringValue.flatMap(RefundRequestStatus.init(rawValue:))
        else { throw RecordError(field: name) }
        var request = RefundRequest(date: Timestamp(milliseconds: ms), reason: reason, status: status)
        request.consumptionInformation = value["consumptionInformation"]?.stringValue
        t.refundRequest = request
      case .refundReversalDate: if let date = try members.optionalDate(self) { t.refundReversalDate = date }
      case .familySharedFrom: if members.isPresent(self) { t.familySharedFrom = try members.id(self) }
      case .revocationPercentage:
        // Absent in records written before prorated refunds, and on most transactions.
        guard members.isPresent(self), !members.isNull(self) else { return }
        guard let n = members.int(self), let percentage = Int(exactly: n) else { throw RecordError(field: name) }
        t.revocationPercentage = percentage
      case .billingPlanType: if let plan = try members.optional(self, BillingPlanType.init(rawValue:)) { t.billingPlanType = plan }
      case .commitmentInfo:
        // Absent in records written before commitment plans, and on most transactions.
        guard members.isPresent(self), !members.isNull(self) else { return }
        guard let value = members.nested(self),
          let number = value["billingPeriodNumber"]?.intValue.flatMap({ Int(exactly: $0) }),
          let total = value["totalBillingPeriods"]?.intValue.flatMap({ Int(exactly: $0) }),
          let price = value["commitmentPrice"]?.stringValue, let expires = value["expires"]?.intValue
        else { throw RecordError(field: name) }
        t.commitment = TransactionCommitment(
          billingPeriodNumber: number, totalBillingPeriods: total, commitmentPrice: price, expires: Timestamp(milliseconds: expires))
      }
    }
  

    /// The field whose key is `name` (UTF-8), tried in order from the one after `previous`: a
    /// record as `encode` writes it finds each key at the first try, or after the unset fields
    /// it left out, and a record in any other order is still read (a full turn at most).
    /// `probes` counts the keys compared: tests hold a record as written to one walk.
    static func named(_ name: UnsafeBufferPointer<UInt8>, after previous: Field?, probes: inout Int) -> Field? {
      let first = previous.map { $0.rawValue + 1 } ?? 0
      for step in 0..<count {
        var raw = first + step
        if raw >= count { raw -= count }
        let field = Field(rawValue: raw)!
        probes += 1
        var spelled = field.name
        guard spelled.utf8.count == name.count else { continue }
        if spelled.withUTF8({ RawMemory.equal($0.baseAddress!, name.baseAddress!, count: name.count) }) { return field }
      }
      return nil
    }

    /// `named(_:after:probes:)` for a key the general parser read.
    static func named(_ key: String, after previous: Field?) -> Field? {
      var key = key
      var probes = 0
      return key.withUTF8 { named($0, after: previous, probes: &probes) }
    }
  }
}
