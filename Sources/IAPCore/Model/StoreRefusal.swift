/// The store's "no" to a request about transactions (exit status 1).
package enum StoreRefusal: Error, Equatable, Sendable {
  /// The id was never issued by this store.
  case unknownTransaction(String)
  /// The transaction exists but is not in this device's queue.
  case notInQueue(UInt64, why: String)
  /// The transaction is in a state that cannot be finished.
  case notFinishable(UInt64, TransactionState)
  /// `finish --all` found nothing.
  case nothingToFinish
  /// The transaction is in a state the action does not apply to; `rule` says what would.
  case wrongState(UInt64, TransactionState, String)
  /// The account has no subscription to this product.
  case noSubscription(String)
  /// The subscription is in a status the action does not apply to.
  case subscriptionState(String, SubscriptionStatus, String)
  /// A refund of a transaction that was already refunded.
  case alreadyRefunded(UInt64)
  /// A refund request for a purchase that already has one under review.
  case refundRequestPending(UInt64)
  /// A decline of a refund request that is not under review.
  case noRefundRequest(UInt64)
  /// A reversal of a refund that was not granted.
  case notRefunded(UInt64)
  /// A "price increase" to a price that is not above the subscription's.
  case notAPriceIncrease(String, current: String, asked: String)
  /// Consent asked for a subscription with no price increase waiting for it.
  case noPriceIncrease(String)
  /// A price increase announced without consent beyond Apple's limits for that (product,
  /// current price, asked price, the limits in words).
  case increaseNeedsConsent(String, current: String, asked: String, limit: String)
  /// A Family Sharing change that cannot be made; the text says why.
  case family(String)
  /// A simulated failure of a StoreKit request (`fail-load-products`, `fail-restore`).
  case requestFailed(api: String, StoreError)
  /// A transaction whose hosted content is not downloaded (nor the download cancelled) cannot
  /// be finished.
  case downloadIncomplete(UInt64, productId: String, DownloadState)
  /// A download of a product that has no hosted content; `why` says what the product is.
  case noContent(String, why: String)
  /// A download of content the account does not own.
  case notOwned(String, account: String)
  /// The download is in a state the action does not apply to; `rule` says what would.
  case downloadState(String, DownloadState, String)
  /// A download stopped by an error (`fail-download`): what was copied is kept.
  case downloadFailed(String, reason: String)
  /// `keys add` of a key id the state already has.
  case duplicateKey(String)
  /// A key id the state does not have.
  case unknownKey(String)
  /// A new namespace past the state's limit.
  case namespaceLimit(Int)
  /// A namespace that is in use, so that it cannot be deleted now, or that was deleted again
  /// and again while a request waited for it; `reason` says which.
  case namespaceBusy(String, reason: String)
  /// A namespace made in one call (`namespace create`) under a name already in use: what it
  /// holds is kept, never reset by a creation.
  case namespaceExists(String)
  /// A product removed from sale that already was, or put back on sale that was on sale.
  case saleUnchanged(String, onSale: Bool)

  /// The one-line message users see.
  package var message: String {
    switch self {
    case let .unknownTransaction(id): return "unknown transaction '\(id)'"
    case let .notInQueue(id, why): return "transaction \(id) is not in the payment queue: \(why)"
    case let .notFinishable(id, state):
      let why = state == .deferred ? "it is waiting for approval (Ask to Buy)" : "it has no outcome yet"
      return "transaction \(id) is \(state.rawValue) and cannot be finished: \(why)"
    case .nothingToFinish: return "nothing to finish: the payment queue is empty"
    case let .wrongState(id, state, rule): return "transaction \(id) is \(state.rawValue): \(rule)"
    case let .noSubscription(product): return "no subscription to '\(product)' on this account"
    case let .subscriptionState(product, status, rule): return "the subscription to '\(product)' is \(status.rawValue): \(rule)"
    case let .alreadyRefunded(id): return "transaction \(id) is already refunded"
    case let .refundRequestPending(id):
      return "transaction \(id) already has a refund request under review: grant it or decline it"
    case let .noRefundRequest(id):
      return "transaction \(id) has no refund request under review: the customer asks first"
    case let .notRefunded(id): return "transaction \(id) is not refunded: only a granted refund can be reversed"
    case let .notAPriceIncrease(product, current, asked):
      return "\(asked) is not above the price of '\(product)' (\(current)): a price increase must raise it"
    case let .increaseNeedsConsent(product, current, asked, limit):
      return "raising '\(product)' from \(current) to \(asked) needs the customer's consent: without it Apple allows \(limit)"
    case let .noPriceIncrease(product):
      return "the subscription to '\(product)' has no price increase waiting for consent"
    case let .family(why): return "family sharing: \(why)"
    case let .requestFailed(api, error):
      return "\(api) failed with \(error.code.name) (\(error.code.rawValue)): \(error.message)"
    case let .downloadIncomplete(id, product, state):
      let next: String
      switch state {
      case .waiting: next = "download its content first, or cancel the download"
      case .active: next = "let the download complete (resume it if it was interrupted), or cancel it"
      default: next = "resume the download first, or cancel it"
      }
      return "transaction \(id) cannot be finished: the download of its content (\(product)) is \(state.rawValue); \(next)"
    case let .noContent(product, why): return "no hosted content for '\(product)': \(why)"
    case let .notOwned(product, account):
      return "account '\(account)' does not own '\(product)': buy it before downloading its content"
    case let .downloadState(product, state, rule): return "the download of '\(product)' is \(state.rawValue): \(rule)"
    case let .downloadFailed(product, reason): return "the download of '\(product)' failed: \(reason)"
    case let .duplicateKey(id): return "a key '\(id)' is already registered: remove it first"
    case let .unknownKey(id): return "no key '\(id)' is registered"
    case let .saleUnchanged(product, onSale):
      return onSale
        ? "'\(product)' is on sale already"
        : "'\(product)' is already removed from sale"
    case let .namespaceLimit(limit): return "this state holds \(limit) namespaces, its limit: delete one first"
    case let .namespaceBusy(name, reason): return "namespace '\(name)' is busy: \(reason)"
    case let .namespaceExists(name): return "namespace '\(name)' exists already: choose another name, or delete it first"
    }
  }
}
