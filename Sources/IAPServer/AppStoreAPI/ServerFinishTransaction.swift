import IAPCore
import IAPFormats
import IAPKit

extension Workspace {
  /// Use case: Finish Transaction (`POST /inApps/v1/transactions/{transactionId}/finish`,
  /// App Store Server API 1.20): the server tells the App Store it delivered the purchase,
  /// and the transaction leaves the payment queue as the app's `finish()` takes it out.
  /// Finishing a finished transaction succeeds and changes nothing. A transaction with no
  /// signed form (pending, failed) is one the server cannot have seen: not found, as Get
  /// Transaction Info answers; an app transaction id is 4000048.
  package func serverFinishTransaction(_ id: String) throws(ServerAPIError) {
    try actingForServer { opened, signer throws(ServerAPIError) in
      guard let transaction = try find(id, in: opened), signer.transaction(transaction) != nil else {
        try refuseAppTransactionId(id, in: opened, signer: signer)
        throw .transactionNotFound
      }
      _ = opened.store.finishFromServer(transaction)
    }
  }
}
