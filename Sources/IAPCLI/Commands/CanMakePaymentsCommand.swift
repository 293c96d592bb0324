import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

/// `iap can-make-payments`: `SKPaymentQueue.canMakePayments()`.
struct CanMakePaymentsCommand: Command {
  static let spec = CommandSpec(
    ["can-make-payments"], operation: AppOperations.canMakePayments,
    discussion: "Prints yes and exits 0, or prints no and exits 1 when purchases are restricted (can-make-payments off).")

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let allowed = try context.workspace.canMakePayments()
    if context.globals.json {
      context.console.json(.object([("canMakePayments", .bool(allowed))]))
    } else {
      context.console.line(allowed ? "yes" : "no")
    }
    return allowed ? .success : .storeRefused
  }
}
