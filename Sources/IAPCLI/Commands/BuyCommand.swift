import IAPCore
import IAPKit
import IAPOperations

/// `iap buy`: add a payment to the queue and show what the transaction observer receives.
struct BuyCommand: Command {
  static let spec = CommandSpec(
    ["buy"], operation: BuyOperation.spec,
    discussion: """
      Prints what paymentQueue(_:updatedTransactions:) receives: purchasing, then the outcome. \
      The transaction stays in the queue, unfinished, until 'iap finish' (or --finish). Buying a \
      non-consumable the account already owns gives a restored transaction and no new charge. \
      A promotional offer of an auto-renewable subscription is redeemed with --offer, --key-id, \
      --nonce, --timestamp and --signature (SKPaymentDiscount), or with --offer-jws; the store \
      checks the signature with the state's keys (iap keys) and fails the purchase with \
      invalidOfferIdentifier (11), invalidSignature (12), missingOfferParams (13), \
      invalidOfferPrice (14) or ineligibleForOffer (18). A win-back offer (--win-back) is for a \
      lapsed subscriber who meets its eligibility; an offer code (--offer-code, by its reference \
      name) is for the customers it names, or prices a one-time product. An unknown offer fails \
      with invalidOfferIdentifier (11), an ineligible customer with ineligibleForOffer (18). \
      --intro-eligibility-jws overrides the introductory offer's eligibility, either way, with a \
      JWS the app's server signed (IntroductoryOfferEligibilitySignatureCreator); a bad one fails \
      with invalidSignature (12).
      """,
    arguments: [ArgumentSpec("id", BuyOperation.productId, completion: .productIds)])

  let request: BuyRequest

  init(_ invocation: Invocation) throws(IAPError) {
    request = try BuyOperation.request(invocation)
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    var request = request
    request.signed = context.globals.json
    let result = try BuyOperation.perform(request, in: context.workspace)

    let outcome = result.outcome
    let shown = [result.purchasing, outcome]
    if context.globals.json {
      context.console.json(BuyOperation.json(result))
    } else {
      TransactionView.lines(shown).forEach { context.console.line($0) }
    }
    if let failure = result.failure { failure.userMessages.forEach { context.console.error($0) } }
    if outcome.state == .failed && outcome.purchaseIssue {
      context.console.note("note: transaction \(outcome.id) was interrupted: iap resolve \(outcome.id) completes it outside the app")
    }
    if outcome.state == .deferred {
      context.console.note("note: transaction \(outcome.id) is waiting for approval (Ask to Buy): iap approve \(outcome.id), or iap decline \(outcome.id)")
    }
    switch outcome.state {
    case .failed: return .storeRefused
    case .deferred, .purchasing: return .pending
    case .purchased, .restored: return .success
    }
  }
}
