import IAPCore
import IAPKit
import IAPOperations

/// `iap messages accept ORIGINAL_TRANSACTION_ID`: the customer takes what the retention
/// message offered.
struct MessagesAcceptCommand: Command {
  static let spec = CommandSpec(
    ["messages", "accept"], operation: RetentionOfferOperation.spec,
    discussion: """
      The retention message shown when the customer began to cancel (iap messages lists it) \
      offered an alternate product or a promotional offer: the alternate product is bought as \
      a change of plan inside the subscription group is (an upgrade at once, a downgrade or \
      crossgrade at the renewal date), the promotional offer is redeemed with the signature the \
      Get Retention Message endpoint gave, checked as StoreKit checks one. Either is taken once. \
      To keep cancelling, do nothing: the subscription is already cancelled.
      """,
    arguments: [ArgumentSpec("original-transaction-id", RetentionOfferOperation.originalTransactionId)])

  let id: String

  init(_ invocation: Invocation) throws(IAPError) { id = try RetentionOfferOperation.request(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try RetentionOfferOperation.perform(id, in: context.workspace, signed: context.globals.json)
    if context.globals.json {
      context.console.json(BuyOperation.json(result))
    } else {
      TransactionView.lines([result.outcome]).forEach { context.console.line($0) }
    }
    if let failure = result.failure {
      failure.userMessages.forEach { context.console.error($0) }
      return .storeRefused
    }
    return result.outcome.state == .deferred ? .pending : .success
  }
}
