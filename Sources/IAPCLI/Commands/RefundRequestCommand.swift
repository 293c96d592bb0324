import IAPCore
import IAPKit

/// `iap refund-request ID [--reason R]`: the customer asks Apple for a refund.
struct RefundRequestCommand: Command {
  static let spec = CommandSpec(
    ["refund-request"], abstract: "The customer asks Apple for a refund of a purchase.",
    discussion: """
      The request stays under review until Apple grants it (iap refund) or declines it (iap \
      refund-decline). For a consumable or an auto-renewable subscription the App Store \
      sends CONSUMPTION_REQUEST, with the reason as consumptionRequestReason, and the \
      developer may answer with consumption information. Works on finished transactions too.
      """,
    arguments: [ArgumentSpec("id", help: "The purchased transaction's id.")],
    options: [
      OptionSpec(
        "reason", value: "reason",
        help: "UNINTENDED_PURCHASE, FULFILLMENT_ISSUE, UNSATISFIED_WITH_PURCHASE, LEGAL or OTHER (default: OTHER).")
    ])

  let id: String
  let reason: ConsumptionRequestReason

  init(_ invocation: Invocation) throws(IAPError) {
    id = invocation.positionals[0]
    let text = invocation.value("reason") ?? "OTHER"
    guard let reason = ConsumptionRequestReason(rawValue: text) else {
      let names = ConsumptionRequestReason.allCases.map(\.rawValue).joined(separator: ", ")
      throw invocation.usageError("invalid value for '--reason <reason>': expected one of \(names), got '\(text)'")
    }
    self.reason = reason
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.requestRefund(try TransactionArgument.id(id), reason: reason, signed: context.globals.json)
    try TransactionArgument.print(result, context)
    return .success
  }
}
