import IAPCore
import IAPFormats
import IAPKit
import IAPOperations
import IAPCrypto

/// `iap keys create`: a key as App Store Connect's Keys page makes one.
struct KeysCreateCommand: Command {
  static let spec = CommandSpec(
    ["keys", "create"], operation: KeyOperations.create,
    discussion: """
      As App Store Connect's "Generate In-App Purchase Key": a random P-256 key whose private part \
      is written as a PKCS#8 PEM (.p8) readable only by you, by default AuthKey_<KEYID>.p8 in the \
      working folder, never over an existing file. The state keeps the public part, which checks \
      promotional offer signatures. Prints keyId and the state's issuerId.
      """,
    shorts: ["output": "o"])

  let output: String?

  init(_ invocation: Invocation) throws(IAPError) {
    output = try invocation.value(KeyOperations.output)
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let key = try context.workspace.createKey(output: output)
    if context.globals.json {
      context.console.json(.object([("keyId", .string(key.keyId)), ("issuerId", .string(key.issuerId))]))
    } else {
      context.console.line("keyId     \(key.keyId)")
      context.console.line("issuerId  \(key.issuerId)")
    }
    context.console.note("note: wrote the private key to \(output ?? "AuthKey_\(key.keyId).p8") (keep it secret: the state keeps only the public key)")
    return .success
  }
}
