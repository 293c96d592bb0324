import IAPCore
import IAPFormats
import IAPKit

extension Workspace {
  /// The customer an `anyTransactionId` names: the account of transaction `id`, or the one
  /// whose app transaction id it is. Get Transaction History, Get All Subscription Statuses,
  /// Get Refund History and Get App Transaction Info take "any transactionId,
  /// originalTransactionId, or appTransactionId that belongs to the customer" (Apple's
  /// App Store Server Library 3.1.2, `any_transaction_id`). Nil when it names no one.
  func customer(anyTransactionId id: String, in opened: OpenedStore, signer: Signer) throws(ServerAPIError) -> String? {
    if let account = try find(id, in: opened)?.account { return account }
    return appTransactionCustomer(id, in: opened, signer: signer)
  }

  /// The account whose app transaction id is `id`, if any (ids are derived per account, so
  /// each account is asked; a store has few).
  func appTransactionCustomer(_ id: String, in opened: OpenedStore, signer: Signer) -> String? {
    if asksOtherEnvironment(opened) { return nil }
    return opened.store.state.accounts.keys.sorted().first { signer.appTransactionId(account: $0) == id }
  }

  /// Whether the request was sent to the App Store of the other environment than the one
  /// this Sandbox or Production store signs for (`AppleAPIHost`): that App Store holds none
  /// of its transactions, so a server that asks production first for a sandbox transaction
  /// gets 4040010, as Apple's "production first, then sandbox" advice expects.
  func asksOtherEnvironment(_ opened: OpenedStore) -> Bool {
    guard let asked = requestedEnvironment, opened.settings.environment.signsWithCertificates else { return false }
    return asked != opened.settings.environment
  }

  /// Throws 4000048 when `id`, which named no transaction, is an app transaction id: the
  /// answer of endpoints that take transaction ids only (`AppTransactionIdNotSupportedError`).
  func refuseAppTransactionId(_ id: String, in opened: OpenedStore, signer: Signer) throws(ServerAPIError) {
    if appTransactionCustomer(id, in: opened, signer: signer) != nil { throw .appTransactionIdNotSupported }
  }
}
