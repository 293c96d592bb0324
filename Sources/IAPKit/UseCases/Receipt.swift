#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPCore
import IAPCrypto
import IAPFormats
import IAPStorage

/// What reading the app receipt asks for.
package struct ReceiptRequest: Sendable {
  /// Whether the result carries the receipt data an app sends to its server (Base64).
  package var encoded = false

  package init() {}
}

/// The app receipt of the account, as `verifyReceipt` shows it.
package struct ReceiptResult {
  package var receipt: AppReceipt
  /// The receipt data, when the request asked for it.
  package var data: String?
}

extension Workspace {
  /// Use case: the app receipt of the account as the store stands.
  package func receipt(_ request: ReceiptRequest = ReceiptRequest()) throws(IAPError) -> ReceiptResult {
    let catalog = try loadCatalog()
    // For writing: the store's time runs up to now first, which may add renewals.
    let opened = try openStore(forWriting: true, catalog: catalog)
    let receipt = try appReceipt(for: account, opened, catalog: catalog)
    let data = request.encoded ? ReceiptData.encode(receipt, account: account, signer: try signer(opened)) : nil
    return ReceiptResult(receipt: receipt, data: data)
  }

  /// Use case: `SKReceiptRefreshRequest`: an update of the receipt (finished consumables
  /// leave it), committed; the result is the new receipt.
  package func refreshReceipt() throws(IAPError) -> ReceiptResult {
    let catalog = try loadCatalog()
    var opened = try openStore(forWriting: true, catalog: catalog)
    opened.store.updateReceipt()
    try opened.commit()
    // The receipt is read from the state as committed.
    let refreshed = OpenedStore(
      session: opened.session, store: store(opened.session), now: opened.now, clock: opened.clock, settings: opened.settings)
    return ReceiptResult(receipt: try appReceipt(for: account, refreshed, catalog: catalog), data: nil)
  }

  /// The receipt of `account` as the store `opened` stands: its history, its state, the
  /// store's time. `account` is not always the workspace's: receipt data names its own.
  func appReceipt(for account: String, _ opened: OpenedStore, catalog: Catalog) throws(IAPError) -> AppReceipt {
    let history = try IAPError.ofState(opened.session.history().filter { $0.account == account })
    return AppReceipt(
      bundleId: catalog.bundleId, history: history, account: opened.store.state.accounts[account] ?? AccountState(),
      now: opened.now)
  }
}

/// The receipt data an app sends to its server: Base64 of a compact JWS whose payload
/// carries the receipt, the environment and the account it belongs to.
enum ReceiptData {
  /// The data of `receipt`, signed by `signer`.
  static func encode(_ receipt: AppReceipt, account: String, signer: Signer) -> String {
    let token = signer.signWithSecret(.object([
      ("environment", .string(AppStoreEnvironment.sandbox.rawValue)), ("account", .string(account)), ("receipt", receipt.receipt),
    ]))
    return Data(token.utf8).base64EncodedString()
  }

  /// The payload of receipt data `text`, and whether its signature holds under `key`; nil
  /// when `text` is not receipt data at all (not Base64 of a compact JWS).
  static func decode(_ text: String, key: [UInt8]) -> (payload: JSONValue, signatureValid: Bool)? {
    guard let bytes = Data(base64Encoded: text.trimmingWhitespace), let token = String(data: bytes, encoding: .utf8),
      let decoded = try? JWS.decode(token, key: key)
    else { return nil }
    return (decoded.payload, decoded.signatureValid == true)
  }
}
