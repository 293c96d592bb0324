import IAPCore
import IAPKit

/// `iap refund ID`: the App Store refunds a purchase.
struct RefundCommand: Command {
  static let spec = CommandSpec(
    ["refund"], abstract: "Refund a purchase, as the App Store does on its side.",
    discussion: """
      Sets revocationDate and revocationReason (refundTransaction). The product leaves the \
      entitlements; a subscription ends. Works on finished transactions too.
      """,
    arguments: [ArgumentSpec("id", help: "The purchased transaction's id.")],
    options: [OptionSpec("reason", value: "reason", help: "developerIssue or other (default: other).")])

  let id: String
  let reason: RevocationReason

  init(_ invocation: Invocation) throws(IAPError) {
    id = invocation.positionals[0]
    let text = invocation.value("reason") ?? "other"
    guard let reason = RevocationReason(rawValue: text) else {
      throw invocation.usageError("invalid value for '--reason <reason>': expected developerIssue or other, got '\(text)'")
    }
    self.reason = reason
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.refund(try TransactionArgument.id(id), reason: reason, signed: context.globals.json)
    try TransactionArgument.print(result, context)
    return .success
  }
}
