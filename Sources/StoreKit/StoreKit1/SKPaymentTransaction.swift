import Foundation

/// A payment in the queue: its state, and once the store has settled it, its identifier,
/// date, and the error or original purchase that goes with its outcome.
///
/// One object stands for one transaction of the store for as long as the queue has it: its
/// state changes in place (`purchasing`, then `purchased`), each change reaching the
/// observers as `paymentQueue(_:updatedTransactions:)`, on the main queue. Open, as Apple's
/// is, so that a test can stand a subclass in for a transaction.
open class SKPaymentTransaction: NSObject, @unchecked Sendable {
  private let lock = NSLock()
  private let paid: SKPayment
  private var shown = Shown()

  /// What the transaction shows; changed on the main queue, as the observers hear of it.
  private struct Shown {
    var state = SKPaymentTransactionState.purchasing
    var storeId: UInt64?
    var date: Date?
    var error: SKError?
    var original: SKPaymentTransaction?
  }

  /// A purchasing transaction of an empty payment: for a subclass that supplies its own.
  public override init() {
    paid = SKPayment()
    super.init()
  }

  /// A transaction of `payment`, purchasing.
  init(payment: SKPayment) {
    paid = payment
    super.init()
  }

  /// A transaction the app did not add (found in the queue at launch, restored, or made
  /// outside the app), as `version` shows it.
  convenience init(_ version: StoreTransactionVersion) {
    self.init(payment: version.payment)
    apply(version)
  }

  /// The payment, as it was added.
  open var payment: SKPayment { paid }
  /// Where the transaction stands.
  open var transactionState: SKPaymentTransactionState { lock.withLock { shown.state } }
  /// The store's identifier of a purchased or restored transaction (what the receipt and
  /// the App Store Server API call it); nil in other states.
  open var transactionIdentifier: String? {
    lock.withLock { shown.state == .purchased || shown.state == .restored ? shown.storeId.map(String.init) : nil }
  }
  /// When a purchased or restored transaction was made; nil in other states.
  open var transactionDate: Date? { lock.withLock { shown.date } }
  /// Why a failed transaction failed: an `SKError`.
  open var error: (any Error)? { lock.withLock { shown.error } }
  /// The purchase a restored transaction restores; nil in other states.
  open var original: SKPaymentTransaction? { lock.withLock { shown.original } }
  /// The hosted content to download: none, as the store's products have none to StoreKit
  /// here (`SKProduct.isDownloadable`).
  open var downloads: [SKDownload] { [] }

  /// The store's id of the transaction, once it has one (purchasing transactions have none,
  /// nor do payments the store never took).
  var storeId: UInt64? { lock.withLock { shown.storeId } }

  /// Shows `version`, as the store answered it.
  func apply(_ version: StoreTransactionVersion) {
    var original: SKPaymentTransaction?
    if version.state == .restored {
      original = SKPaymentTransaction(payment: payment)
      original!.lock.withLock {
        original!.shown = Shown(state: .purchased, storeId: version.originalId, date: version.originalPurchaseDate)
      }
    }
    let done = version.state == .purchased || version.state == .restored
    lock.withLock {
      shown = Shown(state: version.state, storeId: version.id, date: done ? version.purchaseDate : nil, error: version.error, original: original)
    }
  }

  /// Shows a payment the store never took: failed with `error`.
  func fail(_ error: SKError) {
    lock.withLock { shown = Shown(state: .failed, error: error) }
  }
}
