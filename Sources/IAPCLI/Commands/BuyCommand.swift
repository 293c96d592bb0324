import IAPCore
import IAPKit
import IAPCrypto

/// `iap buy`: add a payment to the queue and show what the transaction observer receives.
struct BuyCommand: Command {
  static let spec = CommandSpec(
    ["buy"], abstract: "Buy a product: add a payment to the queue.",
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
    arguments: [ArgumentSpec("id", help: "The product identifier.", completion: .productIds)],
    options: [
      OptionSpec("quantity", value: "n", help: "How many to buy: 1-10, consumables only (default: 1)."),
      OptionSpec("username", value: "name", help: "SKPayment.applicationUsername: the app's opaque account id."),
      OptionSpec("finish", help: "Finish the transaction as soon as it is delivered."),
      OptionSpec("fail", value: "error", help: "Make this purchase fail with an SKError (name or number)."),
      OptionSpec("offer", value: "id", help: "Redeem this promotional offer (SKPaymentDiscount.identifier)."),
      OptionSpec("key-id", value: "id", help: "The key that signed the offer (iap keys create)."),
      OptionSpec("nonce", value: "uuid", help: "The offer signature's nonce: a UUID, good for one purchase."),
      OptionSpec("timestamp", value: "ms", help: "When the offer was signed, in milliseconds since 1970."),
      OptionSpec("signature", value: "base64", help: "The offer signature: ECDSA P-256 SHA-256, DER, base64."),
      OptionSpec("offer-jws", value: "jws", help: "Redeem a promotional offer signed as a JWS (StoreKit 2's version 2 signature)."),
      OptionSpec("win-back", value: "id", help: "Redeem this win-back offer (Product.PurchaseOption.winBackOffer)."),
      OptionSpec("offer-code", value: "name", help: "Redeem this offer code, by its reference name (offerType 3)."),
      OptionSpec(
        "intro-eligibility-jws", value: "jws",
        help: "Override introductory offer eligibility with a signed JWS (introductoryOfferEligibility(compactJWS:))."),
    ])

  let productId: String
  let quantity: Int
  let username: String?
  let finish: Bool
  let failure: SKErrorCode?
  let offer: PromotionalOfferRequest?
  let redemption: OfferRedemption?
  let introEligibilityJWS: String?

  init(_ invocation: Invocation) throws(IAPError) {
    productId = invocation.positionals[0]
    let discount = PromotionalOfferRequest(
      offerId: invocation.value("offer"), keyId: invocation.value("key-id"), nonce: invocation.value("nonce"),
      timestamp: invocation.value("timestamp"), signature: invocation.value("signature"), jws: invocation.value("offer-jws"))
    if discount.mixesVersions {
      throw invocation.usageError("'--offer-jws' carries the whole offer: it cannot be combined with --offer, --key-id, --nonce, --timestamp or --signature")
    }
    // Any of the version 1 options makes an offer payment: the store says which are missing.
    offer = discount.ifAny
    let winBack = invocation.value("win-back")
    let code = invocation.value("offer-code")
    if [offer != nil, winBack != nil, code != nil].filter({ $0 }).count > 1 {
      throw invocation.usageError("a purchase redeems one offer: give a promotional offer, --win-back or --offer-code, not more than one")
    }
    redemption = winBack.map(OfferRedemption.winBack) ?? code.map(OfferRedemption.offerCode)
    introEligibilityJWS = invocation.value("intro-eligibility-jws")
    username = invocation.value("username")
    finish = invocation.flag("finish")
    failure = try invocation.value("fail").map { (text) throws(IAPError) -> SKErrorCode in
      guard let code = SKErrorCode(nameOrNumber: text) else {
        let names = SKErrorCode.allCases.map(\.name)
        throw invocation.usageError(
          "invalid value for '--fail <error>': expected an SKError name or number, got '\(text)'\(Suggestion.hint(for: text, in: names))")
      }
      return code
    }
    if let text = invocation.value("quantity") {
      let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
      guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
        throw invocation.usageError("invalid value for '--quantity <n>': expected an integer, got '\(text)'")
      }
      // Within Int, a quantity outside 1-10 goes to the store, which answers paymentInvalid as
      // StoreKit does; beyond Int no payment could carry it, and clamping would record a
      // quantity nobody asked for.
      guard let value = Int(text) else {
        throw invocation.usageError("invalid value for '--quantity <n>': \(text) is outside the integer range \(Int.min)...\(Int.max)")
      }
      quantity = value
    } else {
      quantity = 1
    }
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    var request = BuyRequest(productId: productId)
    request.quantity = quantity
    request.applicationUsername = username
    request.finish = finish
    request.simulatedError = failure
    request.signed = context.globals.json
    request.offer = offer
    request.redemption = redemption
    request.introductoryEligibilityJWS = introEligibilityJWS
    let result = try context.workspace.buy(request)

    let outcome = result.outcome
    let shown = [result.purchasing, outcome]
    if context.globals.json {
      context.console.json(TransactionJSON.document(shown, signer: result.signer, extra: result.failure.map { [("error", $0.json)] } ?? []))
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
