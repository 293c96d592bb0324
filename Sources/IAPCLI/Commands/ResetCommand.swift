import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

/// `iap reset`: start over with an empty store.
struct ResetCommand: Command {
  static let spec = CommandSpec(
    ["reset"], operation: StoreViewOperations.reset,
    discussion: """
      Asks nothing, so scripts can run it between tests. Works on a damaged state folder too. \
      Acts only on an iap state folder (one iap made, holding only iap's files): any other \
      folder (--state ~, --state .) is refused with exit 74 and nothing is deleted \
      (docs/state.md).
      """)

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.resetState()
    if context.globals.json {
      context.console.json(.object([("reset", .string(result.path))]))
    } else {
      context.console.line("state cleared: \(result.path)")
    }
    return .success
  }
}
