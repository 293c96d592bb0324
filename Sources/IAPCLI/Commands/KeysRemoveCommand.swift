import IAPCore
import IAPFormats
import IAPKit
import IAPOperations
import IAPStorage

/// `iap keys remove KEY_ID`: revokes a key.
struct KeysRemoveCommand: Command {
  static let spec = CommandSpec(
    ["keys", "remove"], operation: KeyOperations.remove,
    arguments: [ArgumentSpec("key-id", KeyOperations.keyId)])

  let keyId: String

  init(_ invocation: Invocation) throws(IAPError) { keyId = try KeyOperations.removeRequest(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let removed = try context.workspace.removeKey(keyId)
    if context.globals.json {
      context.console.json(.object([("removed", .string(removed.keyId))]))
    } else {
      context.console.line("removed  \(removed.keyId)")
    }
    return .success
  }
}
