import IAPCore
import IAPKit
import IAPOperations

/// `iap subscription price-increase ID --price P [--consent required|notRequired]`.
struct SubscriptionPriceIncreaseCommand: Command {
  static let spec = CommandSpec(
    ["subscription", "price-increase"], operation: PriceIncreaseOperations.announce,
    discussion: """
      PRICE_INCREASE with subtype PENDING: the customer must consent (iap subscription \
      price-increase-consent) before the renewal date, or the subscription expires then with \
      expirationIntent 3. With --consent notRequired, PRICE_INCREASE with subtype ACCEPTED \
      at once. The next renewal charges the new price; renewal info carries \
      priceIncreaseStatus and renewalPrice meanwhile. As \
      SKTestSession.requestPriceIncreaseConsentForTransactionIdentifier, it applies to this \
      account's subscription, not to the catalog.
      """,
    arguments: [ArgumentSpec("id", SubscriptionOperations.productId, completion: .productIds)])

  let request: PriceIncreaseOperations.Request

  init(_ invocation: Invocation) throws(IAPError) { request = try PriceIncreaseOperations.request(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    SubscriptionStatusCommand.print([try PriceIncreaseOperations.perform(request, in: context.workspace)], context)
    return .success
  }
}
