import IAPCore
import IAPKit
import IAPOperations

/// `iap subscription price-increase-consent ID accept|decline`: the customer answers.
struct SubscriptionPriceConsentCommand: Command {
  static let spec = CommandSpec(
    ["subscription", "price-increase-consent"], operation: PriceIncreaseOperations.consentAnswer,
    discussion: """
      accept: PRICE_INCREASE with subtype ACCEPTED, and the next renewal charges the new \
      price. decline: auto-renew turns off (DID_CHANGE_RENEWAL_STATUS, AUTO_RENEW_DISABLED) \
      and the subscription expires at the end of its period with expirationIntent 3 (EXPIRED, \
      PRICE_INCREASE), unless auto-renew is turned back on, which accepts the new price.
      """,
    arguments: [
      ArgumentSpec("id", SubscriptionOperations.productId, completion: .productIds),
      ArgumentSpec("answer", PriceIncreaseOperations.answer, completion: .words(PriceIncreaseOperations.answer.info.allowed)),
    ])

  let id: String
  let accept: Bool

  init(_ invocation: Invocation) throws(IAPError) {
    (id, accept) = try PriceIncreaseOperations.answerRequest(invocation)
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.priceIncreaseConsent(id, accept: accept)
    SubscriptionStatusCommand.print([result.subscription], context)
    return .success
  }
}
