import IAPCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TransactionRecordReader {
  /// The members a transaction record may have, numbered for the table of those seen, in
  /// the order `TransactionRecord.encode` writes them.
  enum Key: Int {
    case id, originalId, productId, productType, state, quantity, purchaseDate, originalPurchaseDate
    case expirationDate, revocationDate, applicationUsername, error, account, device, finished
    case revocationReason, purchaseIssue, deleted, subscriptionGroup, isRenewal, isUpgraded, bundleId
    case storefront, price, currency, finishedAtReceiptUpdate, offerDiscountType, offerPeriod
    case offerIdentifier, hasDownloads, appAccountToken, refundRequest, refundReversalDate
    case familySharedFrom, revocationPercentage, crc

    static let count = Key.crc.rawValue + 1

    /// The key's name as written.
    var name: StaticString {
      switch self {
      case .id: return "id"
      case .originalId: return "originalId"
      case .productId: return "productId"
      case .productType: return "productType"
      case .state: return "state"
      case .quantity: return "quantity"
      case .purchaseDate: return "purchaseDate"
      case .originalPurchaseDate: return "originalPurchaseDate"
      case .expirationDate: return "expirationDate"
      case .revocationDate: return "revocationDate"
      case .applicationUsername: return "applicationUsername"
      case .error: return "error"
      case .account: return "account"
      case .device: return "device"
      case .finished: return "finished"
      case .revocationReason: return "revocationReason"
      case .purchaseIssue: return "purchaseIssue"
      case .deleted: return "deleted"
      case .subscriptionGroup: return "subscriptionGroup"
      case .isRenewal: return "isRenewal"
      case .isUpgraded: return "isUpgraded"
      case .bundleId: return "bundleId"
      case .storefront: return "storefront"
      case .price: return "price"
      case .currency: return "currency"
      case .finishedAtReceiptUpdate: return "finishedAtReceiptUpdate"
      case .offerDiscountType: return "offerDiscountType"
      case .offerPeriod: return "offerPeriod"
      case .offerIdentifier: return "offerIdentifier"
      case .hasDownloads: return "hasDownloads"
      case .appAccountToken: return "appAccountToken"
      case .refundRequest: return "refundRequest"
      case .refundReversalDate: return "refundReversalDate"
      case .familySharedFrom: return "familySharedFrom"
      case .revocationPercentage: return "revocationPercentage"
      case .crc: return "crc"
      }
    }

    /// The key spelled by `name`, tried in order from the one after `previous`: a record as
    /// iap writes it finds each key at the first try, or after the optional members it left
    /// out. (No table is built: one made of arrays cost a command that reads one record
    /// 58,000 instructions up front.)
    static func named(_ name: UnsafeBufferPointer<UInt8>, after previous: Key?) -> Key? {
      let first = previous.map { $0.rawValue + 1 } ?? 0
      for step in 0..<count {
        let key = Key(rawValue: (first + step) % count)!
        let spelled = key.name
        if spelled.utf8CodeUnitCount == name.count, memcmp(spelled.utf8Start, name.baseAddress!, name.count) == 0 {
          return key
        }
      }
      return nil
    }
  }
}
