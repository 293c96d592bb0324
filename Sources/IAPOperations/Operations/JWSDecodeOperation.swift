import IAPCore
import IAPKit

/// Reading a signed value and checking who signed it, as Apple's `SignedDataVerifier` does.
package enum JWSDecodeOperation: StoreOperation {
  /// The compact JWS, or `-` for standard input.
  package static let token = Parameter<TokenSource>.read(
    ParameterInfo("token", json: "token", required: true, help: "A compact JWS (header.payload.signature), or - for stdin.")
  ) { (text, _) throws(IAPError) -> TokenSource in text == "-" ? .standardInput : .text(text) }
  package static let spec = OperationSpec(
    "jws decode", summary: "Decode a signed transaction, renewal info or notification.", parameters: [token.info])

  package static func request(_ input: some OperationInput) throws(IAPError) -> DecodeJWSRequest {
    DecodeJWSRequest(token: try input.required(token))
  }
}
