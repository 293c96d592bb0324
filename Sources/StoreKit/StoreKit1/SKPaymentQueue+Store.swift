import Foundation
import IAPFormats

/// The store's side of the queue: each call runs on `work`, one at a time, and schedules
/// what the observers hear on the main queue.
extension SKPaymentQueue {
  /// What the observers are told of one transaction: the state it shows from then on.
  enum Change: Sendable {
    /// Added, not answered yet.
    case purchasing
    /// As the store answered it.
    case version(StoreTransactionVersion)
    /// Refused before the store took it (the store unreached, or the request malformed).
    case failure(SKError)
  }

  /// Sends a payment's purchase and tells the observers `purchasing`, then the outcome.
  func purchase(_ transaction: SKPaymentTransaction) {
    let values = transaction.payment.values
    let handoff = Handoff(transaction)
    work.async { [self] in
      let transaction = handoff.value
      deliverUpdated([(transaction, .purchasing)])
      do throws(StoreConnectionError) {
        let answer = try connection.get().callBlocking("POST", "/purchases", body: Self.purchaseBody(values))
        guard let outcome = StoreTransactionVersion.all(answer).last else {
          throw StoreConnectionError(status: 0, name: "invalidAnswer", message: "the store answered the purchase with no transaction")
        }
        mirror[outcome.id] = (transaction, outcome.state)
        deliverUpdated([(transaction, .version(outcome))])
      } catch {
        deliverUpdated([(transaction, .failure(SKError(error, payment: true)))])
      }
    }
  }

  /// The body of `POST /purchases` for a payment.
  static func purchaseBody(_ payment: SKPayment.Values) -> JSONValue {
    var body: [(String, JSONValue)] = [("productId", .string(payment.productIdentifier)), ("quantity", .int(Int64(payment.quantity)))]
    if let username = payment.applicationUsername { body.append(("applicationUsername", .string(username))) }
    if let discount = payment.paymentDiscount {
      body += [
        ("offerId", .string(discount.identifier)), ("keyId", .string(discount.keyIdentifier)),
        ("nonce", .string(discount.nonce.uuidString.lowercased())), ("signature", .string(discount.signature)),
        ("timestamp", .int(discount.timestamp.int64Value)),
      ]
    }
    if payment.simulatesAskToBuyInSandbox { body.append(("simulatesAskToBuyInSandbox", .bool(true))) }
    return .object(body)
  }

  /// Finishes a transaction at the store, then tells the observers it left the queue.
  func finish(_ transaction: SKPaymentTransaction) {
    let handoff = Handoff(transaction)
    work.async { [self] in
      let transaction = handoff.value
      // A transaction the store never took (or a test's own subclass) only leaves the queue.
      if let id = transaction.storeId {
        do throws(StoreConnectionError) {
          _ = try connection.get().callBlocking("POST", "/transactions/\(id)/finish")
        } catch {
          // Finished already (elsewhere, or by an earlier call) is finished; anything else
          // leaves it in the queue, to be delivered again at the next launch.
          guard error.name == "unknownTransaction" || error.name == "notInQueue" else { return }
        }
        mirror[id] = nil
      }
      deliverRemoved([transaction])
    }
  }

  /// Restores the account's purchases and tells the observers each, then that it finished.
  func restore() {
    work.async { [self] in
      do throws(StoreConnectionError) {
        let answer = try connection.get().callBlocking("POST", "/restore")
        var changes: [(SKPaymentTransaction, Change)] = []
        for version in StoreTransactionVersion.all(answer) {
          let transaction = mirror[version.id]?.transaction ?? SKPaymentTransaction(payment: version.payment)
          mirror[version.id] = (transaction, version.state)
          changes.append((transaction, .version(version)))
        }
        deliverUpdated(changes)
        deliverToObservers { queue, observer in observer.paymentQueueRestoreCompletedTransactionsFinished(queue) }
      } catch {
        let failure = SKError(error)
        deliverToObservers { queue, observer in observer.paymentQueue(queue, restoreCompletedTransactionsFailedWithError: failure) }
      }
    }
  }

  /// Brings the queue up to the store's: every unfinished transaction it has not told the
  /// observers of, or whose state changed since (an approval, a decline), is delivered, and
  /// those finished elsewhere leave the queue. At a launch every unfinished transaction is
  /// delivered, known or not.
  func sync(launch: Bool) {
    guard case let .success(connection) = connection, let answer = try? connection.callBlocking("GET", "/transactions/unfinished") else { return }
    var changes: [(SKPaymentTransaction, Change)] = []
    var unfinished = Set<UInt64>()
    for version in StoreTransactionVersion.all(answer) {
      unfinished.insert(version.id)
      let known = mirror[version.id]
      let transaction = known?.transaction ?? SKPaymentTransaction(payment: version.payment)
      if launch || known?.state != version.state { changes.append((transaction, .version(version))) }
      mirror[version.id] = (transaction, version.state)
    }
    let gone = mirror.filter { !unfinished.contains($0.key) }
    for id in gone.keys { mirror[id] = nil }
    deliverRemoved(gone.keys.sorted().map { gone[$0]!.transaction })
    deliverUpdated(changes)
  }

  /// What the update stream said: transactions changed (a sync follows), perhaps revoked.
  func noteUpdates(_ versions: [StoreTransactionVersion]) {
    var revoked: [String] = []
    for version in versions where version.revocationDate != nil && announcedRevocations.insert(version.id).inserted {
      revoked.append(version.productId)
    }
    guard !revoked.isEmpty else { return }
    let products = revoked
    deliverToObservers { queue, observer in observer.paymentQueue(queue, didRevokeEntitlementsForProductIdentifiers: products) }
  }

  /// Tells the observers when the storefront is not the one last seen.
  func checkStorefront() {
    guard case let .success(connection) = connection,
      let current = (try? connection.callBlocking("GET", "/settings")).flatMap(SKStorefront.init(settings:))
    else { return }
    defer { lastStorefront = current }
    guard let last = lastStorefront, last != current else { return }
    deliverToObservers { queue, observer in observer.paymentQueueDidChangeStorefront(queue) }
  }
}
