import IAPCore
import IAPKit

/// `iap subscription price-increase ID --price P [--consent required|notRequired]`.
struct SubscriptionPriceIncreaseCommand: Command {
  static let spec = CommandSpec(
    ["subscription", "price-increase"], abstract: "Raise the price of the account's subscription.",
    discussion: """
      PRICE_INCREASE with subtype PENDING: the customer must consent (iap subscription \
      price-increase-consent) before the renewal date, or the subscription expires then with \
      expirationIntent 3. With --consent notRequired, PRICE_INCREASE with subtype ACCEPTED \
      at once. The next renewal charges the new price; renewal info carries \
      priceIncreaseStatus and renewalPrice meanwhile. As \
      SKTestSession.requestPriceIncreaseConsentForTransactionIdentifier, it applies to this \
      account's subscription, not to the catalog.
      """,
    arguments: [ArgumentSpec("id", help: "A product id of the subscription (or its group).", completion: .productIds)],
    options: [
      OptionSpec("price", value: "price", required: true, help: "The new price, a decimal number above the current one (12.99)."),
      OptionSpec("consent", value: "consent", help: "required (default) or notRequired."),
    ])

  let id: String
  let price: String
  let consentRequired: Bool

  init(_ invocation: Invocation) throws(IAPError) {
    id = invocation.positionals[0]
    guard let price = invocation.value("price") else { throw invocation.usageError("missing '--price <price>'") }
    let parts = price.split(separator: ".", omittingEmptySubsequences: false)
    let decimal = (1...2).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    guard decimal, parts.count == 1 || parts[1].count <= 3, SignedPayloads.milliunits(price) != nil else {
      throw invocation.usageError("invalid value for '--price <price>': expected a decimal price like 12.99, got '\(price)'")
    }
    self.price = price
    switch invocation.value("consent") ?? "required" {
    case "required": consentRequired = true
    case "notRequired": consentRequired = false
    case let other:
      throw invocation.usageError("invalid value for '--consent <consent>': expected required or notRequired, got '\(other)'")
    }
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.priceIncrease(id, price: price, consentRequired: consentRequired)
    SubscriptionStatusCommand.print([result.subscription], context)
    return .success
  }
}
