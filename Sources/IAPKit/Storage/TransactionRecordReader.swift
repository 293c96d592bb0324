import IAPCore
import IAPFormats

/// Reads a transaction record (and a receipt update, the other record every purchase logs)
/// straight from its bytes, without building a `JSONValue` tree: the quick path of `history`,
/// which reads back 100,000 records, and of replaying the log past `store.json`. Parsing each into a tree and
/// then looking each of its 25 members up by name (a linear scan of string compares) was
/// half of `history`'s time.
///
/// It takes only what iap itself writes (`TransactionRecord.encode`): compact JSON, known
/// keys each once, strings without escapes, integers, `true`, `false`, `null`. Anything else
/// (an escape, a nested object such as `error` or `refundRequest`, an unknown or repeated key,
/// whitespace, a value the general decoder would refuse) makes it answer nil, and the caller
/// decodes the record the general way (`TransactionRecord.decode`), which also names what is
/// wrong with a damaged one. So the result is always what the general decoder gives.
enum TransactionRecordReader {
  /// The transaction in `record` (one log line without its newline, checksum already
  /// checked), or nil when the general decoder must read it.
  static func transaction(_ record: ArraySlice<UInt8>) -> Transaction? {
    record.withUnsafeBufferPointer { bytes in
      var scanner = Scanner(bytes: bytes)
      return scanner.transaction()
    }
  }

  /// The account of a receipt-update event as iap writes it (`{"event":"receiptUpdate",
  /// "account":"…","crc":N}`), or nil when the general decoder must read the record. Every
  /// purchase logs one, and a `JSONValue` tree for it was a quarter of replaying a purchase
  /// past `store.json`.
  static func receiptUpdateAccount(_ record: ArraySlice<UInt8>) -> String? {
    record.withUnsafeBufferPointer { bytes in
      var scanner = Scanner(bytes: bytes)
      return scanner.receiptUpdateAccount()
    }
  }

  /// One member's value as read: where a string lies, an integer, a boolean, or null.
  private enum Value {
    case string(Range<Int>)
    case int(Int64)
    case bool(Bool)
    case null
  }

  /// A single pass over one record's bytes.
  private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func transaction() -> Transaction? {
      // On the stack: an array per record was a tenth of the reader's time.
      withUnsafeTemporaryAllocation(of: Value?.self, capacity: Key.count) { values in
        values.initialize(repeating: nil)
        defer { values.deinitialize() }
        return transaction(into: values)
      }
    }

    private mutating func transaction(into values: UnsafeMutableBufferPointer<Value?>) -> Transaction? {
      guard next() == UInt8(ascii: "{") else { return nil }
      var previous: Key?
      while true {
        guard next() == UInt8(ascii: "\""), let key = key(after: previous), next() == UInt8(ascii: ":"),
          values[key.rawValue] == nil, let value = value()
        else { return nil }
        values[key.rawValue] = value
        previous = key
        let separator = next()
        if separator == UInt8(ascii: "}") { break }
        guard separator == UInt8(ascii: ",") else { return nil }
      }
      guard index == bytes.count else { return nil }
      return build(values)
    }

    mutating func receiptUpdateAccount() -> String? {
      guard word(#"{"event":"receiptUpdate","account":""#), let account = plainString(), word(#","crc":"#),
        integer() != nil, next() == UInt8(ascii: "}"), index == bytes.count
      else { return nil }
      return text(account)
    }

    /// The next byte, consumed; nil at the end.
    private mutating func next() -> UInt8? {
      guard index < bytes.count else { return nil }
      defer { index += 1 }
      return bytes[index]
    }

    /// A key after its opening quote, through its closing one.
    private mutating func key(after previous: Key?) -> Key? {
      guard let range = plainString(), !range.isEmpty else { return nil }
      return Key.named(UnsafeBufferPointer(rebasing: bytes[range]), after: previous)
    }

    /// The bytes of a string without escapes or control characters, after its opening quote
    /// and through its closing one.
    private mutating func plainString() -> Range<Int>? {
      let start = index
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          index += 1
          return start..<(index - 1)
        }
        if byte < 0x20 || byte == UInt8(ascii: "\\") { return nil }
        index += 1
      }
      return nil
    }

    private mutating func value() -> Value? {
      guard index < bytes.count else { return nil }
      switch bytes[index] {
      case UInt8(ascii: "\""):
        index += 1
        return plainString().map(Value.string)
      case UInt8(ascii: "t"): return word("true") ? .bool(true) : nil
      case UInt8(ascii: "f"): return word("false") ? .bool(false) : nil
      case UInt8(ascii: "n"): return word("null") ? .null : nil
      default: return integer().map(Value.int)
      }
    }

    /// Whether `text` comes next, consumed if so.
    private mutating func word(_ text: StaticString) -> Bool {
      let expected = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
      guard index + expected.count <= bytes.count,
        UnsafeBufferPointer(rebasing: bytes[index..<(index + expected.count)]).elementsEqual(expected)
      else { return false }
      index += expected.count
      return true
    }

    /// An integer as JSON writes one (no leading zero), that fits in 64 bits and is not
    /// followed by a fraction or an exponent (which would make it a double).
    private mutating func integer() -> Int64? {
      let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
      if negative { index += 1 }
      let start = index
      var value: Int64 = 0
      while index < bytes.count, case let digit = bytes[index] &- 0x30, digit < 10 {
        let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
        let (sum, overflowB) = negative ? shifted.subtractingReportingOverflow(Int64(digit)) : shifted.addingReportingOverflow(Int64(digit))
        if overflowA || overflowB { return nil }
        value = sum
        index += 1
      }
      guard index > start, bytes[start] != 0x30 || index - start == 1 else { return nil }
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] | 0x20 == UInt8(ascii: "e") { return nil }
      return value
    }

    /// The transaction the members describe, by `TransactionRecord.decode`'s rules; nil for
    /// anything that decoder would refuse or that this reader does not take.
    private func build(_ values: UnsafeMutableBufferPointer<Value?>) -> Transaction? {
      func value(_ key: Key) -> Value? { values[key.rawValue] }
      func isAbsentOrNull(_ key: Key) -> Bool {
        switch value(key) {
        case nil, .null?: return true
        default: return false
        }
      }
      // A string member that must be there; nil refuses.
      func string(_ key: Key) -> String? {
        guard case let .string(range)? = value(key) else { return nil }
        return text(range)
      }
      // .some(nil) when absent or null; nil (refuse) when neither nor a string.
      func optionalString(_ key: Key) -> String?? {
        if isAbsentOrNull(key) { return .some(nil) }
        return string(key).map { .some($0) }
      }
      func identifier(_ key: Key) -> UInt64? {
        guard case let .string(range)? = value(key), (1...19).contains(range.count) else { return nil }
        var id: UInt64 = 0
        for i in range {
          let digit = bytes[i] &- 0x30
          guard digit < 10 else { return nil }
          id = id * 10 + UInt64(digit)
        }
        return id < TransactionRecord.idLimit ? id : nil
      }
      func date(_ key: Key) -> Timestamp? {
        guard case let .int(ms)? = value(key) else { return nil }
        return Timestamp(milliseconds: ms)
      }
      func optionalDate(_ key: Key) -> Timestamp?? {
        if isAbsentOrNull(key) { return .some(nil) }
        return date(key).map { .some($0) }
      }
      func flag(_ key: Key) -> Bool? {
        switch value(key) {
        case nil: return false
        case let .bool(b)?: return b
        default: return nil
        }
      }
      // The nested members (and a family-shared id written any other way) are left to the
      // general decoder.
      guard isAbsentOrNull(.error), isAbsentOrNull(.refundRequest),
        value(.familySharedFrom) == nil || identifier(.familySharedFrom) != nil
      else { return nil }
      guard let id = identifier(.id), let originalId = identifier(.originalId), let productId = string(.productId),
        let productTypeRaw = optionalString(.productType),
        let stateRaw = string(.state), let state = TransactionState(rawValue: stateRaw),
        case let .int(quantity)? = value(.quantity), let q = Int(exactly: quantity), state == .failed || (1...10).contains(q),
        let purchaseDate = date(.purchaseDate), let originalPurchaseDate = date(.originalPurchaseDate),
        let expirationDate = optionalDate(.expirationDate), let revocationDate = optionalDate(.revocationDate),
        let applicationUsername = optionalString(.applicationUsername),
        let account = string(.account), let device = string(.device),
        case let .bool(finished)? = value(.finished),
        let reasonRaw = optionalString(.revocationReason),
        let purchaseIssue = flag(.purchaseIssue), let deleted = flag(.deleted),
        let subscriptionGroup = optionalString(.subscriptionGroup), let isRenewal = flag(.isRenewal),
        let isUpgraded = flag(.isUpgraded), let bundleId = optionalString(.bundleId),
        let storefront = optionalString(.storefront), let price = optionalString(.price),
        let currency = optionalString(.currency), let offerDiscountType = optionalString(.offerDiscountType),
        let offerPeriod = optionalString(.offerPeriod), let offerIdentifier = optionalString(.offerIdentifier),
        let hasDownloads = flag(.hasDownloads), let appAccountToken = optionalString(.appAccountToken),
        let refundReversalDate = optionalDate(.refundReversalDate)
      else { return nil }
      var productType: ProductType?
      if let raw = productTypeRaw {
        guard let type = ProductType(rawValue: raw) else { return nil }
        productType = type
      }
      var reason: RevocationReason?
      if let raw = reasonRaw {
        guard let value = RevocationReason(rawValue: raw) else { return nil }
        reason = value
      }
      var revocationPercentage: Int?
      switch value(.revocationPercentage) {
      case nil, .null?: break
      case let .int(v)?:
        guard let exact = Int(exactly: v) else { return nil }
        revocationPercentage = exact
      default: return nil
      }
      // Apple's word, or not this reader's to judge: the general path refuses it.
      var discount: OfferDiscountType?
      if let offerDiscountType {
        guard let known = OfferDiscountType(rawValue: offerDiscountType) else { return nil }
        discount = known
      }
      var finishedAtReceiptUpdate: Int?
      switch value(.finishedAtReceiptUpdate) {
      case nil, .null?: break
      case let .int(v)?: finishedAtReceiptUpdate = Int(exactly: v)
      default: return nil
      }
      var t = Transaction(
        id: id, originalId: originalId, productId: productId, productType: productType, state: state, quantity: q,
        purchaseDate: purchaseDate, originalPurchaseDate: originalPurchaseDate, expirationDate: expirationDate,
        revocationDate: revocationDate, revocationReason: reason, applicationUsername: applicationUsername,
        account: account, device: device, finished: finished, purchaseIssue: purchaseIssue, deleted: deleted,
        subscriptionGroup: subscriptionGroup, isRenewal: isRenewal, isUpgraded: isUpgraded, bundleId: bundleId,
        storefront: storefront, price: price, currency: currency, finishedAtReceiptUpdate: finishedAtReceiptUpdate,
        offerDiscountType: discount, offerPeriod: offerPeriod)
      t.hasDownloads = hasDownloads
      t.offerIdentifier = offerIdentifier
      t.appAccountToken = appAccountToken
      t.refundReversalDate = refundReversalDate
      t.revocationPercentage = revocationPercentage
      if value(.familySharedFrom) != nil { t.familySharedFrom = identifier(.familySharedFrom) }
      return t
    }

    /// The string in `range`: ASCII taken as it is, anything else validated as UTF-8 (as
    /// the general parser does); nil when it is not UTF-8.
    private func text(_ range: Range<Int>) -> String? {
      let slice = UnsafeBufferPointer(rebasing: bytes[range])
      if !slice.contains(where: { $0 >= 0x80 }) { return String(decoding: slice, as: UTF8.self) }
      return String(validating: slice, as: UTF8.self)
    }
  }
}
