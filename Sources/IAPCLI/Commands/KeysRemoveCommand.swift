import IAPCore
import IAPKit

/// `iap keys remove KEY_ID`: revokes a key.
struct KeysRemoveCommand: Command {
  static let spec = CommandSpec(
    ["keys", "remove"], abstract: "Remove a key: signatures made with it no longer verify.",
    arguments: [ArgumentSpec("key-id", help: "The key id.")])

  let keyId: String

  init(_ invocation: Invocation) throws(IAPError) { keyId = invocation.positionals[0] }

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
