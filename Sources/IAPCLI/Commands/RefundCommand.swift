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
    try TransactionArgument.perform(id, context) { store, id, opened throws(IAPError) in
      let purchase = try TransactionArgument.fromHistory(id, opened.session, context)
      return [try TransactionArgument.refusing { () throws(StoreRefusal) in try store.refund(purchase, reason: reason, now: opened.now) }]
    }
  }
}
