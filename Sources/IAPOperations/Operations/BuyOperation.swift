import IAPCore
import IAPFormats
import IAPKit

/// Buying a product: a payment added to the queue (`SKPaymentQueue.add`, `Product.purchase()`).
package enum BuyOperation: StoreOperation {
  package static let productId = Parameter<String>.string(
    ParameterInfo("product-id", json: "productId", value: "id", required: true, help: "The product identifier."))
  package static let quantity = Parameter<Int>.integer(
    ParameterInfo("quantity", json: "quantity", value: "n", default: "1", help: "How many to buy: 1-10, consumables only."))
  package static let username = Parameter<String>.string(
    ParameterInfo("username", json: "applicationUsername", value: "name", help: "SKPayment.applicationUsername: the app's opaque account id."))
  package static let appAccountToken = Parameter<String>.parsed(
    ParameterInfo(
      "app-account-token", json: "appAccountToken", value: "uuid", reach: .controlPlaneOnly,
      help: "StoreKit 2's appAccountToken: a UUID (sent as applicationUsername, as StoreKit does)."),
    expected: "a UUID"
  ) { isUUID($0) ? $0 : nil }
  package static let finish = Parameter<Bool>.flag(
    ParameterInfo("finish", json: "finish", help: "Finish the transaction as soon as it is delivered."))
  package static let failure = Parameter<SKErrorCode>.parsed(
    ParameterInfo("fail", json: "simulatedError", value: "error", help: "Make this purchase fail with an SKError (name or number)."),
    expected: "an SKError name or number", candidates: SKErrorCode.allCases.map(\.name), SKErrorCode.init(nameOrNumber:))
  package static let offerId = Parameter<String>.string(
    ParameterInfo("offer", json: "offerId", value: "id", help: "Redeem this promotional offer (SKPaymentDiscount.identifier)."))
  package static let keyId = Parameter<String>.string(
    ParameterInfo("key-id", json: "keyId", value: "id", help: "The key that signed the offer (iap keys create)."))
  package static let nonce = Parameter<String>.string(
    ParameterInfo("nonce", json: "nonce", value: "uuid", help: "The offer signature's nonce: a UUID, good for one purchase."))
  package static let timestamp = Parameter<String>.integerText(
    ParameterInfo("timestamp", json: "timestamp", value: "ms", help: "When the offer was signed, in milliseconds since 1970."))
  package static let signature = Parameter<String>.string(
    ParameterInfo("signature", json: "signature", value: "base64", help: "The offer signature: ECDSA P-256 SHA-256, DER, base64."))
  package static let offerJWS = Parameter<String>.string(
    ParameterInfo("offer-jws", json: "offerJWS", value: "jws", help: "Redeem a promotional offer signed as a JWS (StoreKit 2's version 2 signature)."))
  package static let winBack = Parameter<String>.string(
    ParameterInfo("win-back", json: "winBackOfferId", value: "id", help: "Redeem this win-back offer (Product.PurchaseOption.winBackOffer)."))
  package static let offerCode = Parameter<String>.string(
    ParameterInfo("offer-code", json: "offerCode", value: "name", help: "Redeem this offer code, by its reference name (offerType 3)."))
  package static let introEligibilityJWS = Parameter<String>.string(
    ParameterInfo(
      "intro-eligibility-jws", json: "introductoryOfferEligibilityJWS", value: "jws",
      help: "Override introductory offer eligibility with a signed JWS (introductoryOfferEligibility(compactJWS:))."))
  package static let billingPlan = Parameter<BillingPlanType>.parsed(
    ParameterInfo(
      "billing-plan", json: "billingPlanType", value: "plan",
      help: "How a yearly subscription is billed: monthly (12-month commitment) or billed-upfront (Product.PurchaseOption.billingPlanType)."),
    expected: "monthly or billed-upfront", candidates: BillingPlanType.allCases.map(\.optionName), BillingPlanType.init(name:))
  package static let askToBuy = Parameter<Bool>.flag(
    ParameterInfo(
      "simulates-ask-to-buy", json: "simulatesAskToBuyInSandbox", reach: .controlPlaneOnly,
      help: "In the Sandbox environment, this purchase asks to buy (SKPayment.simulatesAskToBuyInSandbox); elsewhere no effect."))
  package static let purchaseDate = Parameter<Timestamp>.parsed(
    ParameterInfo(
      "purchase-date", json: "purchaseDate", value: "date", reach: .controlPlaneOnly,
      help: """
        When the purchase happened: ISO 8601 (milliseconds kept), like 2026-01-15T10:00:00.250Z, now or earlier \
        (StoreKitTest's purchaseDate option); a subscription's renewals up to now are made at once.
        """),
    expected: "an ISO 8601 date like 2026-01-15T10:00:00Z", Timestamp.init(iso8601:))
  package static let renewalBehavior = Parameter<Bool>.choice(
    ParameterInfo(
      "renewal-behavior", json: "renewalBehavior", value: "behavior", default: "renewUntilNow",
      allowed: ["renewUntilNow", "cancelImmediately"], reach: .controlPlaneOnly,
      help: "How an auto-renewable subscription bought at purchaseDate renews up to now; cancelImmediately: with auto-renew off, for one period.")
  ) { text in text == "cancelImmediately" ? true : text == "renewUntilNow" ? false : nil }

  /// The promotional offer's version 1 parameters, which `offerJWS` replaces as a whole.
  static let signedOfferParameters = [offerId.info, keyId.info, nonce.info, timestamp.info, signature.info]

  package static let spec = OperationSpec(
    "buy", summary: "Buy a product: add a payment to the queue.",
    parameters: [
      productId.info, quantity.info, username.info, appAccountToken.info, finish.info, failure.info, offerId.info, keyId.info,
      nonce.info, timestamp.info, signature.info, offerJWS.info, winBack.info, offerCode.info, introEligibilityJWS.info,
      billingPlan.info, askToBuy.info, purchaseDate.info, renewalBehavior.info,
    ])

  package static func request(_ input: some OperationInput) throws(IAPError) -> BuyRequest {
    var request = BuyRequest(productId: try input.required(productId))
    request.quantity = try input.value(quantity, default: 1)
    let name = try input.value(username)
    let token = try input.value(appAccountToken)
    if name != nil && token != nil { throw input.usage("give \(input.names([username.info, appAccountToken.info])), not both") }
    request.applicationUsername = name ?? token
    request.finish = try input.value(finish, default: false)
    request.simulatedError = try input.value(failure)
    let discount = PromotionalOfferRequest(
      offerId: try input.value(offerId), keyId: try input.value(keyId), nonce: try input.value(nonce),
      timestamp: try input.value(timestamp), signature: try input.value(signature), jws: try input.value(offerJWS))
    if discount.mixesVersions {
      throw input.usage(
        "'\(input.name(offerJWS.info))' carries the whole offer: it cannot be combined with \(input.names(signedOfferParameters))")
    }
    // Any of the version 1 parameters makes an offer payment: the store says which are missing.
    request.offer = discount.ifAny
    let winBackId = try input.value(winBack)
    let code = try input.value(offerCode)
    if [request.offer != nil, winBackId != nil, code != nil].filter({ $0 }).count > 1 {
      throw input.usage("a purchase redeems one offer: give a promotional offer, \(input.names([winBack.info, offerCode.info])), not more than one")
    }
    request.redemption = winBackId.map(OfferRedemption.winBack) ?? code.map(OfferRedemption.offerCode)
    request.introductoryEligibilityJWS = try input.value(introEligibilityJWS)
    request.billingPlan = try input.value(billingPlan)
    request.simulatesAskToBuyInSandbox = try input.value(askToBuy, default: false)
    request.purchaseDate = try input.value(purchaseDate)
    request.cancelsImmediately = try input.value(renewalBehavior, default: false)
    return request
  }

  package static func perform(_ request: BuyRequest, in workspace: Workspace) throws(IAPError) -> BuyResult {
    try workspace.buy(request)
  }

  /// The purchasing and final versions of the transaction, and the failure of a failed one.
  package static func json(_ result: BuyResult) -> JSONValue {
    TransactionJSON.document([result.purchasing, result.outcome], signer: result.signer, extra: result.failure.map { [("error", $0.json)] } ?? [])
  }

  /// Whether `text` is a UUID in its canonical 8-4-4-4-12 hexadecimal form.
  private static func isUUID(_ text: String) -> Bool {
    let groups = text.split(separator: "-", omittingEmptySubsequences: false)
    return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
  }
}
