import IAPCore
import IAPFormats
import IAPKit
import IAPOperations
import IAPCrypto

/// `iap certificates root [-o FILE] [--pem]`: the root of the state's signing chain.
struct CertificatesRootCommand: Command {
  static let spec = CommandSpec(
    ["certificates", "root"], operation: StoreViewOperations.rootCertificate,
    discussion: """
      In the Sandbox and Production environments the store signs with ES256 and a certificate \
      chain of its own (root, intermediate, leaf, marked as Apple's are), made from the signing \
      secret. Give this root to Apple's SignedDataVerifier as its trusted root (with online \
      checks off) and it accepts what the store signs. Without --output, prints it as PEM; \
      with --output, writes DER (PEM with --pem) atomically.
      """,
    shorts: ["output": "o"])

  let output: String?
  let pem: Bool

  init(_ invocation: Invocation) throws(IAPError) {
    output = try invocation.value(StoreViewOperations.certificateOutput)
    pem = try invocation.value(StoreViewOperations.pem, default: false)
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.rootCertificate(RootCertificateRequest(output: output, pem: pem))
    if context.globals.json {
      context.console.json(.object([("pem", .string(result.pem)), ("output", .optional(result.written))]))
    } else if let written = result.written {
      context.console.line("wrote \(written): the root certificate (\(pem ? "PEM" : "DER"))")
    } else {
      context.console.line(result.pem, terminator: "")
    }
    return .success
  }
}
