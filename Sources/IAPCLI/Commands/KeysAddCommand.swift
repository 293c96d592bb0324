import IAPCore
import IAPFormats
import IAPKit
import IAPOperations
import IAPCrypto
import IAPStorage

/// `iap keys add KEY_ID PUBLIC_KEY_PEM`: registers a key made elsewhere.
struct KeysAddCommand: Command {
  static let spec = CommandSpec(
    ["keys", "add"], operation: KeyOperations.add,
    discussion: """
      PUBLIC_KEY_PEM is a P-256 SubjectPublicKeyInfo ("-----BEGIN PUBLIC KEY-----"): the PEM itself, \
      a file holding it, or - for standard input (e.g. openssl ec -in AuthKey.p8 -pubout). \
      Signatures made with the private key then verify.
      """,
    arguments: [
      ArgumentSpec("key-id", KeyOperations.newKeyId),
      ArgumentSpec("public-key-pem", KeyOperations.publicKeyInput),
    ])

  let keyId: String
  let source: PEMSource

  init(_ invocation: Invocation) throws(IAPError) {
    keyId = try KeyOperations.addRequest(invocation)
    source = try invocation.required(KeyOperations.publicKeyInput)
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let file = try context.workspace.addKey(keyId, publicKey: source)
    if context.globals.json {
      context.console.json(.object([("keyId", .string(keyId)), ("issuerId", .optional(file.issuerId))]))
    } else {
      context.console.line("keyId     \(keyId)")
      context.console.line("issuerId  \(file.issuerId ?? "")")
    }
    return .success
  }
}
