import IAPCore
import IAPKit
import IAPCrypto
import IAPFormats
import IAPOperations

/// `iap jws decode TOKEN`: what a signed transaction or notification says, and whether this
/// store signed it.
struct JWSDecodeCommand: Command {
  static let spec = CommandSpec(
    ["jws", "decode"], operation: JWSDecodeOperation.spec,
    discussion: """
      Prints the payload and checks the signature: an HS256 token (LocalTesting, Xcode) \
      against this state's signing secret (or $IAP_SIGNING_SECRET), an ES256 token (Sandbox, \
      Production) through its x5c chain to this state's root certificate, as Apple's \
      SignedDataVerifier does, naming the check that failed. Exits 0 when the signature is \
      valid, 1 when it is not, 65 when the token is malformed. '-' reads the token from stdin. \
      The last line names the environment the payload was signed for, which Apple's \
      SignedDataVerifier must be made with.
      """,
    arguments: [ArgumentSpec("token", JWSDecodeOperation.token)])

  let request: DecodeJWSRequest

  init(_ invocation: Invocation) throws(IAPError) { request = try JWSDecodeOperation.request(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let decoded = try context.workspace.decodeJWS(request)
    let valid = decoded.signatureValid
    if context.globals.json {
      context.console.json(DecodeJWSJSON.document(decoded))
    } else {
      context.console.line(JSONWriter.pretty(decoded.payload))
      let why = decoded.failure.map { ": \($0)" } ?? ""
      context.console.line("signature: \(valid ? "valid" : "INVALID") (\(decoded.method))\(why)")
      if let hint = decoded.verifierHint { context.console.line("environment: \(hint)") }
    }
    return valid ? .success : .storeRefused
  }
}
