import IAPCore
import IAPKit

/// `iap subscription price-increase-consent ID accept|decline`: the customer answers.
struct SubscriptionPriceConsentCommand: Command {
  static let spec = CommandSpec(
    ["subscription", "price-increase-consent"], abstract: "Accept or decline a subscription's price increase.",
    discussion: """
      accept: PRICE_INCREASE with subtype ACCEPTED, and the next renewal charges the new \
      price. decline: auto-renew turns off (DID_CHANGE_RENEWAL_STATUS, AUTO_RENEW_DISABLED) \
      and the subscription expires at the end of its period with expirationIntent 3 (EXPIRED, \
      PRICE_INCREASE), unless auto-renew is turned back on, which accepts the new price.
      """,
    arguments: [
      ArgumentSpec("id", help: "A product id of the subscription (or its group).", completion: .productIds),
      ArgumentSpec("answer", help: "accept or decline.", completion: .words(["accept", "decline"])),
    ])

  let id: String
  let accept: Bool

  init(_ invocation: Invocation) throws(IAPError) {
    id = invocation.positionals[0]
    switch invocation.positionals[1] {
    case "accept": accept = true
    case "decline": accept = false
    case let other: throw invocation.usageError("invalid answer '\(other)': expected accept or decline")
    }
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.priceIncreaseConsent(id, accept: accept)
    SubscriptionStatusCommand.print([result.subscription], context)
    return .success
  }
}
