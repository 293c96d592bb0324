import IAPCore
import IAPKit
import IAPOperations

/// `iap namespace create NAME`: a namespace made in one call, with what a test needs of it.
struct NamespaceCreateCommand: Command {
  static let spec = CommandSpec(
    ["namespace", "create"], operation: NamespaceOperations.create,
    discussion: """
      Makes the namespace NAME of this state (the store 'iap --namespace NAME' and a server's \
      /ns/NAME reach) with the settings it should start with, makes a key for Apple's App Store \
      Server API client, and prints what a test needs: the environment, the catalog's bundle id, \
      the app's Apple ID, the key (key id, issuer id, private key PEM) and the root certificate \
      (PEM) for Apple's SignedDataVerifier. With --json, the object POST /iap/v1/namespaces \
      answers (baseURL null: no server is involved). A namespace that exists is refused (exit \
      1) and kept as it is; a bad value exits 64 and a catalog or settings that cannot be used \
      (Production without --app-apple-id) exit as they would elsewhere, with nothing made. \
      Deleted by 'DELETE /ns/NAME/iap/v1'. Temporary namespaces are the server's: \
      POST /iap/v1/namespaces with "temporary": true (docs/control-api.md).
      """,
    arguments: [ArgumentSpec("name", NamespaceOperations.name)])

  let request: NamespaceCreateRequest

  init(_ invocation: Invocation) throws(IAPError) { request = try NamespaceOperations.createRequest(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let globals = context.globals
    let workspace = Workspace(
      state: globals.state, namespace: request.name, catalog: globals.catalog, account: globals.account, device: globals.device,
      environment: context.workspace.environment, console: context.console)
    let created = try workspace.createNamespace(request.setup)
    if globals.json {
      context.console.json(NamespaceJSON.document(created, baseURL: nil, temporary: false, idleSeconds: nil))
      return .success
    }
    let rows = [
      ("namespace", created.name), ("path", "/ns/\(created.name)"), ("environment", created.environment.rawValue),
      ("bundleId", created.bundleId), ("appAppleId", created.appAppleId.map(String.init) ?? "(none)"),
      ("keyId", created.key.keyId), ("issuerId", created.key.issuerId),
    ]
    for (label, value) in rows { context.console.line(label + String(repeating: " ", count: 13 - label.count) + value) }
    context.console.line("")
    context.console.line(created.rootCertificatePEM, terminator: "")
    context.console.line(created.key.privateKeyPEM, terminator: "")
    return .success
  }
}
