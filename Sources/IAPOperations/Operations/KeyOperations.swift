import IAPCore
import IAPKit

/// The keys that sign promotional offers and Apple's client's requests, as App Store
/// Connect's Keys page keeps them.
package enum KeyOperations {
  /// Where the CLI writes the private key (the control plane answers it instead).
  package static let output = Parameter<String>.parsed(
    ParameterInfo(
      "output", json: "output", value: "file", reach: .commandLineOnly, help: "Where to write the private key (default: AuthKey_<KEYID>.p8)."),
    expected: "a path"
  ) { $0.isEmpty ? nil : $0 }
  package static let create = OperationSpec(
    "keys create", summary: "Make a P-256 key: the state keeps its public part, you get the .p8.", parameters: [output.info])
  package static let list = OperationSpec("keys list", summary: "List the registered keys (public parts only).", parameters: [])

  /// The id a key added from elsewhere is registered under.
  package static let newKeyId = Parameter<String>.read(
    ParameterInfo("key-id", json: "keyId", value: "id", required: true, help: "The key id: 1-64 letters and digits.")
  ) { (text, input) throws(IAPError) -> String in
    guard (1...64).contains(text.count), text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
      throw input.usage("invalid key id '\(text)': expected 1-64 letters and digits")
    }
    return text
  }
  /// The public key as the CLI takes it: the PEM, a file holding it, or `-` for standard input.
  package static let publicKeyInput = Parameter<PEMSource>.read(
    ParameterInfo(
      "public-key-pem", json: "publicKeyInput", required: true, reach: .commandLineOnly,
      help: "The public key PEM, a file holding it, or - for standard input.")
  ) { (text, _) throws(IAPError) -> PEMSource in
    if text == "-" { return .standardInput }
    return text.contains("-----BEGIN") ? .text(text) : .file(text)
  }
  /// The public key as a request's member carries it: the PEM itself.
  package static let publicKey = Parameter<PEMSource>.read(
    ParameterInfo("public-key", json: "publicKey", required: true, reach: .controlPlaneOnly, help: "The PEM, -----BEGIN PUBLIC KEY-----.")
  ) { (text, _) throws(IAPError) -> PEMSource in .text(text) }
  package static let add = OperationSpec(
    "keys add", summary: "Register the public part of a P-256 key made elsewhere.",
    parameters: [newKeyId.info, publicKeyInput.info, publicKey.info])

  /// A registered key's id.
  package static let keyId = Parameter<String>.string(ParameterInfo("key-id", json: "keyId", value: "id", required: true, help: "The key id."))
  package static let remove = OperationSpec(
    "keys remove", summary: "Remove a key: signatures made with it no longer verify.", parameters: [keyId.info])

  /// The id a key is added under, checked. Its public part each front end reads as it takes it
  /// (`publicKeyInput`, `publicKey`): only the CLI may name a file.
  package static func addRequest(_ input: some OperationInput) throws(IAPError) -> String { try input.required(newKeyId) }

  /// The id of the key to remove.
  package static func removeRequest(_ input: some OperationInput) throws(IAPError) -> String { try input.required(keyId) }
}
