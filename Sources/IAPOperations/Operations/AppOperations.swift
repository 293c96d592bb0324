import IAPCore
import IAPKit

/// What the app asks of the store beyond purchases, and what happens to the app and its
/// account on the device: operations without parameters, declared for their one sentence.
package enum AppOperations {
  package static let appTransaction = OperationSpec(
    "app-transaction", summary: "Show the signed app transaction (AppTransaction.shared).", parameters: [])
  package static let canMakePayments = OperationSpec(
    "can-make-payments", summary: "Tell whether this device may make payments.", parameters: [])
  package static let reinstall = OperationSpec("reinstall", summary: "Delete the app from the device and install it again.", parameters: [])
  package static let clear = OperationSpec("clear", summary: "Remove every transaction of the account (clearTransactions).", parameters: [])
  package static let refreshReceipt = OperationSpec(
    "receipt refresh", summary: "Refresh the app receipt (SKReceiptRefreshRequest).", parameters: [])
  package static let rescindConsent = OperationSpec(
    "consent rescind", summary: "Withdraw consent for the app (Declared Age Range): sends RESCIND_CONSENT.", parameters: [])
}

/// The app receipt, as `verifyReceipt` shows it, or its signed data.
package enum ReceiptOperation: StoreOperation {
  package static let base64 = Parameter<Bool>.flag(
    ParameterInfo("base64", json: "base64", help: "The signed receipt data (Base64), what the app sends to verifyReceipt, instead of the receipt."))
  package static let spec = OperationSpec("receipt", summary: "Show the app receipt.", parameters: [base64.info])

  package static func request(_ input: some OperationInput) throws(IAPError) -> ReceiptRequest {
    var request = ReceiptRequest()
    request.encoded = try input.value(base64, default: false)
    return request
  }
}

/// What the store shows of itself: its queue, its state at a glance, its messages, its root
/// certificate, and starting over.
package enum StoreViewOperations {
  package static let queue = OperationSpec("queue", summary: "Show the unfinished transactions an app receives at launch.", parameters: [])
  package static let status = OperationSpec(
    "status", summary: "Show the store at a glance: clock, settings, queue, entitlements, subscriptions.", parameters: [])
  package static let messages = OperationSpec(
    "messages", summary: "List the StoreKit messages the App Store would show at launch (Message.messages).", parameters: [])
  package static let dismissMessages = OperationSpec(
    "messages dismiss", summary: "Dismiss the StoreKit messages shown (the customer closed them).", parameters: [])
  package static let sendMessage = OperationSpec(
    "messages send", summary: "Have the App Store send the account a message of its own (Message.Reason.generic).", parameters: [])
  /// Where the CLI writes the certificate (the control plane answers it as PEM instead).
  package static let certificateOutput = Parameter<String>.parsed(
    ParameterInfo(
      "output", json: "output", value: "path", reach: .commandLineOnly, help: "Write the certificate to this file (DER unless --pem)."),
    expected: "a path"
  ) { $0.isEmpty ? nil : $0 }
  package static let pem = Parameter<Bool>.flag(
    ParameterInfo("pem", json: "pem", reach: .commandLineOnly, help: "Write PEM rather than DER to --output."))
  package static let rootCertificate = OperationSpec(
    "certificates root", summary: "Export the state's root certificate.", parameters: [certificateOutput.info, pem.info])
  package static let reset = OperationSpec("reset", summary: "Remove all state: every transaction, queue and purchase.", parameters: [])
}
