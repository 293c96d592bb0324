import Foundation
import IAPFormats
import IAPHTTP

/// The queue of payments the store processes, and of the transactions they make, with the
/// observers that hear of them on the main queue.
///
/// `default()` is the queue of the store StoreKit's calls go to now (`StoreContext`): one
/// queue a store connection, so one for an app's process, and one for each store a test
/// makes. A new `StoreConnection` to the same store is a new launch of the app: its queue
/// starts empty, and its first observer gets the transactions left unfinished, as an app's
/// observer does at launch.
///
/// Each store call runs on a serial queue of the queue's own; each observer call on the main
/// queue, after the call that caused it has returned. While the queue has observers it
/// listens to the store's updates (`GET /iap/v1/transactions/updates`), so that what changes
/// outside the app (an Ask to Buy approval, a renewal, an interrupted purchase completed, a
/// refund) reaches them; with no observer left it stops listening.
open class SKPaymentQueue: NSObject, @unchecked Sendable {
  /// The store this queue's calls go to, or why there is none.
  let connection: Result<StoreConnection, StoreConnectionError>
  /// Where the store calls run, one at a time, and the state below `lock` is kept.
  let work: DispatchQueue

  // Kept on `work` only: what the queue knows of the store's transactions, by id, with the
  // state last scheduled for the observers; and the revocations already announced.
  var mirror: [UInt64: (transaction: SKPaymentTransaction, state: SKPaymentTransactionState)] = [:]
  var announcedRevocations: Set<UInt64> = []
  var lastStorefront: SKStorefront?

  /// Guards what the app's threads, the main queue and the listener share.
  let lock = NSLock()
  var observers: [WeakObserver] = []
  var pending: [SKPaymentTransaction] = []
  /// Which listening the listener thread serves (a new one each time observers come back).
  var listening = 0
  var stream: HTTPResponseStream?
  var syncScheduled = false
  private weak var queueDelegate: (any SKPaymentQueueDelegate)?

  /// A queue of the store StoreKit's calls go to now, of its own: another launch of the app
  /// on the same device, beside `default()`'s.
  public override init() {
    connection = Result { () throws(StoreConnectionError) in try StoreContext.connection() }
    work = DispatchQueue(label: "StoreKit.SKPaymentQueue")
    super.init()
  }

  init(connection: Result<StoreConnection, StoreConnectionError>) {
    self.connection = connection
    work = DispatchQueue(label: "StoreKit.SKPaymentQueue")
    super.init()
  }

  /// The queue of the store StoreKit's calls go to now.
  open class func `default`() -> SKPaymentQueue { PaymentQueueRegistry.current() }

  /// Whether the customer may pay (`GET /iap/v1/can-make-payments`: the store's
  /// `can-make-payments` setting); false when the store cannot be reached.
  open class func canMakePayments() -> Bool {
    let queue = Self.default()
    guard case let .success(connection) = queue.connection else { return false }
    return queue.waitForWork { (try? connection.callBlocking("GET", "/can-make-payments"))?["canMakePayments"]?.boolValue } ?? false
  }

  /// Who the queue asks about storefront changes and price consent; not retained.
  open var delegate: (any SKPaymentQueueDelegate)? {
    get { lock.withLock { queueDelegate } }
    set { lock.withLock { queueDelegate = newValue } }
  }

  /// The storefront the customer buys in (the store's `storefront` setting); nil when the
  /// store cannot be reached. Asks the store, after the queue's calls before it.
  open var storefront: SKStorefront? {
    guard case let .success(connection) = connection else { return nil }
    return waitForWork { (try? connection.callBlocking("GET", "/settings")).flatMap(SKStorefront.init(settings:)) }
  }

  /// Runs `body` on `work`, after what is queued there, while the caller waits: StoreKit's
  /// synchronous answers (`canMakePayments()`, `storefront`) hold their caller as Apple's do,
  /// and the store call itself runs on the queue's own thread, not the caller's (the main
  /// thread, or a thread of Swift's cooperative pool), as `DispatchQueue.sync` would run it.
  private func waitForWork<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
    let done = DispatchSemaphore(value: 0)
    let answer = Handoff(Box<T>())
    work.async {
      answer.value.value = body()
      done.signal()
    }
    done.wait()
    return answer.value.value!
  }

  /// A value filled on one thread and read on another once a semaphore says it is there.
  private final class Box<T> {
    var value: T?
  }

  /// The observers, in the order they were added.
  open var transactionObservers: [any SKPaymentTransactionObserver] { lock.withLock { observers.compactMap(\.observer) } }

  /// The transactions in the queue: added, or delivered to the observers, and not finished.
  open var transactions: [SKPaymentTransaction] { lock.withLock { pending } }

  /// Adds an observer (not retained). The first observer of a queue with none gets every
  /// transaction the store has unfinished, as at a launch; the queue then listens for the
  /// store's changes.
  open func add(_ observer: any SKPaymentTransactionObserver) {
    let first = lock.withLock {
      observers.removeAll { $0.observer == nil || $0.observer === observer }
      defer { observers.append(WeakObserver(observer: observer)) }
      return observers.isEmpty
    }
    if first { startObserving() }
  }

  /// Removes an observer; the last one gone, the queue stops listening.
  open func remove(_ observer: any SKPaymentTransactionObserver) {
    let last = lock.withLock {
      observers.removeAll { $0.observer == nil || $0.observer === observer }
      return observers.isEmpty
    }
    if last { stopListening() }
  }

  /// Adds a payment: the observers get its transaction as `purchasing`, then its outcome
  /// (`purchased`, `failed` with an `SKError`, `deferred` under Ask to Buy, or `restored`
  /// for a non-consumable the customer owns), as the store's `POST /iap/v1/purchases`
  /// answers. The payment is copied: changing it afterwards changes nothing.
  open func add(_ payment: SKPayment) {
    purchase(SKPaymentTransaction(payment: payment.copy() as! SKPayment))
  }

  /// Finishes a transaction (`POST /iap/v1/transactions/{id}/finish`): it leaves the queue,
  /// and the observers get `paymentQueue(_:removedTransactions:)`. One the store will not
  /// finish (a deferred one, or one whose download is incomplete) stays, and comes back at
  /// the next launch. Finishing a transaction that is still `purchasing` is a programming
  /// error that stops the process, as StoreKit raises an exception for it.
  open func finishTransaction(_ transaction: SKPaymentTransaction) {
    precondition(transaction.transactionState != .purchasing, "Cannot finish a purchasing transaction")
    finish(transaction)
  }

  /// Restores the customer's completed purchases (`POST /iap/v1/restore`): a `restored`
  /// transaction for each non-consumable and subscription purchase, each with its
  /// `original`; then `paymentQueueRestoreCompletedTransactionsFinished(_:)`, or
  /// `paymentQueue(_:restoreCompletedTransactionsFailedWithError:)` (the store's
  /// `fail-restore` setting).
  open func restoreCompletedTransactions() {
    restore()
  }

  /// Restores as `restoreCompletedTransactions()` does. The store keeps one account a
  /// namespace and restores all of it: the user name is not sent.
  open func restoreCompletedTransactions(withApplicationUsername username: String?) {
    restore()
  }

  /// Starts downloads: transactions carry none here (`SKDownload`), so there is none to start.
  open func start(_ downloads: [SKDownload]) {}
  /// Pauses downloads: there are none to pause here (`SKDownload`).
  open func pause(_ downloads: [SKDownload]) {}
  /// Resumes downloads: there are none to resume here (`SKDownload`).
  open func resume(_ downloads: [SKDownload]) {}
  /// Cancels downloads: there are none to cancel here (`SKDownload`).
  open func cancel(_ downloads: [SKDownload]) {}

  /// Shows the price-increase consent sheet if one is due: no sheet can be shown here. The
  /// customer's answer is given through the store (`POST /iap/v1/subscriptions/{productId}/price-increase/accept`).
  open func showPriceConsentIfNeeded() {}

  /// Shows the offer code redemption sheet: no sheet can be shown here. A code is redeemed
  /// through the store (`POST /iap/v1/purchases` with `offerCode`), and its transaction
  /// reaches the observers as a purchase made outside the app.
  open func presentCodeRedemptionSheet() {}

  /// An observer, not retained.
  struct WeakObserver {
    weak var observer: (any SKPaymentTransactionObserver)?
  }
}
