import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

/// `iap clear`: remove every transaction of the account.
struct ClearCommand: Command {
  static let spec = CommandSpec(
    ["clear"], operation: AppOperations.clear,
    discussion: "History, queues and purchases of the account go; settings and other accounts stay. Ids keep increasing.")

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.clearTransactions()
    if context.globals.json {
      context.console.json(.object([("cleared", .string(result.account))]))
    } else {
      context.console.line("cleared every transaction of account '\(result.account)'")
    }
    return .success
  }
}
