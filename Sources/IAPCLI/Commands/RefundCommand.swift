import IAPCore
import IAPKit

/// `iap refund ID`: the App Store refunds a purchase.
struct RefundCommand: Command {
  static let spec = CommandSpec(
    ["refund"], abstract: "Refund a purchase, as the App Store does on its side.",
    discussion: """
      Sets revocationDate and revocationReason (refundTransaction), and revocationType: \
      REFUND_FULL, or REFUND_PRORATED with revocationPercentage given --percentage. The \
      product leaves the entitlements; a subscription ends. Works on finished transactions too.
      """,
    arguments: [ArgumentSpec("id", help: "The purchased transaction's id.")],
    options: [
      OptionSpec("reason", value: "reason", help: "developerIssue or other (default: other)."),
      OptionSpec("percentage", value: "percent", help: "A prorated refund: the share refunded, above 0 and below 100 (e.g. 50 or 33.333)."),
    ])

  let id: String
  let reason: RevocationReason
  let percentage: Int?

  init(_ invocation: Invocation) throws(IAPError) {
    id = invocation.positionals[0]
    let text = invocation.value("reason") ?? "other"
    guard let reason = RevocationReason(rawValue: text) else {
      throw invocation.usageError("invalid value for '--reason <reason>': expected developerIssue or other, got '\(text)'")
    }
    self.reason = reason
    if let text = invocation.value("percentage") {
      guard let milliunits = Transaction.revocationPercentage(parsing: text) else {
        throw invocation.usageError("invalid value for '--percentage <percent>': expected a number above 0 and below 100, up to three decimals, got '\(text)'")
      }
      percentage = milliunits
    } else {
      percentage = nil
    }
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.refund(try TransactionArgument.id(id), reason: reason, percentage: percentage, signed: context.globals.json)
    try TransactionArgument.print(result, context)
    return .success
  }
}
