import IAPCore
import IAPKit
import IAPCrypto

/// `iap keys add KEY_ID PUBLIC_KEY_PEM`: registers a key made elsewhere.
struct KeysAddCommand: Command {
  static let spec = CommandSpec(
    ["keys", "add"], abstract: "Register the public part of a P-256 key made elsewhere.",
    discussion: """
      PUBLIC_KEY_PEM is a P-256 SubjectPublicKeyInfo ("-----BEGIN PUBLIC KEY-----"): the PEM itself, \
      a file holding it, or - for standard input (e.g. openssl ec -in AuthKey.p8 -pubout). \
      Signatures made with the private key then verify.
      """,
    arguments: [
      ArgumentSpec("key-id", help: "The key id: 1-64 letters and digits."),
      ArgumentSpec("public-key-pem", help: "The public key PEM, a file holding it, or - for standard input."),
    ])

  let keyId: String
  let source: PEMSource

  init(_ invocation: Invocation) throws(IAPError) {
    keyId = invocation.positionals[0]
    guard (1...64).contains(keyId.count), keyId.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
      throw invocation.usageError("invalid key id '\(keyId)': expected 1-64 letters and digits")
    }
    let argument = invocation.positionals[1]
    if argument == "-" {
      source = .standardInput
    } else if argument.contains("-----BEGIN") {
      source = .text(argument)
    } else {
      source = .file(argument)
    }
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
