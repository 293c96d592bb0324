import IAPCore
import IAPFormats
import IAPKit
import IAPSystem

extension Workspace {
  /// Use case: Get App Transaction Info (`GET /inApps/v1/transactions/appTransactions/{id}`,
  /// App Store Server API 1.17): the signed app transaction of the customer who made
  /// transaction `id` (or whose app transaction id it is). An id the store never issued is
  /// 4040010; one it issued whose transaction is gone (deleted, or its account's history
  /// cleared) leaves no customer to have an app transaction: 4040019.
  package func serverAppTransactionInfo(_ id: String) throws(ServerAPIError) -> JSONValue {
    let (opened, signer) = try openForServer()
    let number = try Self.transactionNumber(id, invalid: .invalidTransactionId)
    guard let customer = try customer(anyTransactionId: id, in: opened, signer: signer) else {
      throw number < opened.store.state.nextId ? .appTransactionDoesNotExist : .transactionNotFound
    }
    let bundleId = catalogFieldsQuietly()?.bundleId ?? ""
    let app = try reading { () throws(IAPError) in
      try Self.appTransaction(of: customer, bundleId: bundleId, opened: opened, signer: signer)
    }
    return .object([("signedAppTransactionInfo", .string(signer.sign(app.payload)))])
  }
}
