import IAPFormats
import StoreKit

/// The test environment's transactions: reading them, and acting on one as Xcode's
/// transaction manager does (each action is a route of the control plane).
extension SKTestSession {
  /// Every transaction of the session's store, each in its latest state, oldest first:
  /// failed ones, Ask to Buy requests waiting, consumables finished or not, renewals.
  ///
  /// Reads `GET /transactions`, the interrupted purchases not resolved yet
  /// (`?purchaseIssue=true`) and the subscriptions (`GET /status`, which simulated
  /// subscription-status errors do not fail).
  public func allTransactions() -> [SKTestTransaction] {
    do {
      let all = try connection.callBlocking("GET", "/transactions")["transactions"]?.arrayValue ?? []
      let interrupted = try connection.callBlocking("GET", "/transactions?purchaseIssue=true")["transactions"]?.arrayValue ?? []
      let issues = Set(interrupted.compactMap { $0["id"]?.stringValue })
      let subscriptions = try connection.callBlocking("GET", "/status")["subscriptions"]?.arrayValue ?? []
      return all.compactMap { transaction in
        let subscription = subscriptions.first { $0["originalId"] == transaction["originalId"] }
        return SKTestTransaction(transaction, issues: issues, subscription: subscription)
      }
    } catch {
      SessionFailure.report("cannot read the transactions: \(error.message)")
      return []
    }
  }

  /// Removes every transaction (`POST /clear`): history, payment queue, entitlements and
  /// subscriptions; the settings stay, and new transactions' ids go on from the last one.
  public func clearTransactions() {
    do {
      _ = try connection.callBlocking("POST", "/clear")
    } catch {
      SessionFailure.report("cannot clear the transactions: \(error.message)")
    }
  }

  /// Deletes the transaction `identifier` (`DELETE /transactions/{id}`), as if it never
  /// happened; deleting a subscription's purchase deletes its renewals.
  public func deleteTransaction(identifier: UInt) throws {
    try act("DELETE", "/transactions/\(identifier)")
  }

  /// Refunds the transaction `identifier` (`POST /transactions/{id}/refund`): granted at once,
  /// it is revoked with the refund's date as its `cancelDate`.
  public func refundTransaction(identifier: UInt) throws {
    try act("POST", "/transactions/\(identifier)/refund")
  }

  /// Approves the Ask to Buy request `identifier` (`POST /transactions/{id}/approve`): the
  /// purchase goes through and reaches the app as an update.
  public func approveAskToBuyTransaction(identifier: UInt) throws {
    try act("POST", "/transactions/\(identifier)/approve")
  }

  /// Declines the Ask to Buy request `identifier` (`POST /transactions/{id}/decline`): it fails.
  public func declineAskToBuyTransaction(identifier: UInt) throws {
    try act("POST", "/transactions/\(identifier)/decline")
  }

  /// Resolves the purchase issue of `identifier` (`POST /transactions/{id}/resolve`): an
  /// interrupted purchase is completed by a new purchased transaction; a subscription in
  /// billing retry or its grace period has its renewal paid.
  public func resolveIssueForTransaction(identifier: UInt) throws {
    try act("POST", "/transactions/\(identifier)/resolve")
  }

  /// One request, blocking while the store answers, in the test environment's errors.
  func request(_ method: String, _ path: String, body: JSONValue? = nil) throws(SKTestError) -> JSONValue {
    do {
      return try connection.callBlocking(method, path, body: body)
    } catch {
      throw SKTestError(error)
    }
  }

  /// One request, the calling task waiting, in the test environment's errors.
  func send(_ method: String, _ path: String, body: JSONValue? = nil) async throws(SKTestError) -> JSONValue {
    do {
      return try await connection.call(method, path, body: body)
    } catch {
      throw SKTestError(error)
    }
  }

  /// Sends one action, blocking while the store answers.
  func act(_ method: String, _ path: String, body: JSONValue? = nil) throws(SKTestError) {
    _ = try request(method, path, body: body)
  }

  /// The product of the transaction `identifier` (`GET /transactions/{id}`).
  func productOfTransaction(_ identifier: UInt) throws(SKTestError) -> String {
    let answer = try request("GET", "/transactions/\(identifier)")
    guard let product = answer["transactions"]?.arrayValue?.first?["productId"]?.stringValue else {
      throw SKTestError(.noTransactionFound, message: "no transaction \(identifier)")
    }
    return product
  }
}
