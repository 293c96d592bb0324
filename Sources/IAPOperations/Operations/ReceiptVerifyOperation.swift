import IAPCore
import IAPKit

/// Verifying receipt data as Apple's `verifyReceipt` endpoint does.
package enum ReceiptVerifyOperation: StoreOperation {
  /// The receipt data to verify: a file, or `-` for standard input.
  package static let data = Parameter<ReceiptDataSource>.read(
    ParameterInfo("data", json: "data", value: "file", help: "Receipt data (Base64) to verify, from a file or - for stdin.")
  ) { (text, _) throws(IAPError) -> ReceiptDataSource in text == "-" ? .standardInput : .file(text) }
  /// The app's shared secret (`password`).
  package static let password = Parameter<String>.string(ParameterInfo("password", json: "password", value: "secret", help: "The app's shared secret."))
  /// Which endpoint is called.
  package static let endpoint = Parameter<Bool>.choice(
    ParameterInfo("endpoint", json: "endpoint", value: "name", default: "sandbox", allowed: ["production", "sandbox"], help: "The endpoint called.")
  ) { $0 == "production" ? true : $0 == "sandbox" ? false : nil }
  package static let spec = OperationSpec(
    "receipt verify", summary: "Verify receipt data, as verifyReceipt does.", parameters: [data.info, password.info, endpoint.info])

  package static func request(_ input: some OperationInput) throws(IAPError) -> VerifyReceiptRequest {
    var request = VerifyReceiptRequest()
    request.data = try input.value(data) ?? .current
    request.password = try input.value(password)
    request.production = try input.value(endpoint, default: false)
    return request
  }
}
