import IAPCore
import IAPKit
import IAPOperations
import IAPCrypto
import IAPStorage

/// `iap keys list`: the keys the state checks signatures with.
struct KeysListCommand: Command {
  static let spec = CommandSpec(
    ["keys", "list"], operation: KeyOperations.list,
    discussion: """
      One line per key: its id and whether 'keys create' made it or 'keys add' registered it. \
      With --json: {"issuerId": ..., "keys": [{"keyId", "origin", "publicKey"}]}, the public key \
      as a PEM. No private key is ever stored.
      """)

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let file = try context.workspace.listKeys()
    if context.globals.json {
      context.console.json(KeysJSON.document(file))
      return .success
    }
    if let issuer = file.issuerId { context.console.line("issuerId  \(issuer)") }
    var table = TextTable()
    file.keys.forEach { table.append([$0.keyId, $0.origin]) }
    table.lines.forEach { context.console.line($0) }
    if file.keys.isEmpty { context.console.note("note: no keys: iap keys create makes one") }
    return .success
  }
}
