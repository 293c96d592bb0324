import IAPCore
import IAPFormats
import IAPKit

/// `/purchases`: a payment added to the queue, as `Product.purchase()` and `SKPaymentQueue.add`.
enum PurchaseRoutes {
  static let all = [
    ControlRoute(
      method: "POST", path: "/purchases",
      summary: "Buy a product (iap buy): the purchasing and final versions of its transaction; a failed purchase is a failed transaction with an error.",
      body: [
        ControlParameter("productId", .string, "The product identifier.", required: true),
        ControlParameter("quantity", .integer, "How many: 1-10, consumables only (default 1)."),
        ControlParameter("applicationUsername", .string, "SKPayment.applicationUsername: the app's opaque account id."),
        ControlParameter("appAccountToken", .string, "StoreKit 2's appAccountToken: a UUID (sent as applicationUsername, as StoreKit does)."),
        ControlParameter("finish", .boolean, "Finish the transaction as soon as it is delivered."),
        ControlParameter("simulatedError", .string, "Make the purchase fail with this SKError (name or number)."),
        ControlParameter("offerId", .string, "A promotional offer to redeem (SKPaymentDiscount.identifier)."),
        ControlParameter("keyId", .string, "The key that signed the offer."),
        ControlParameter("nonce", .string, "The offer signature's nonce (a UUID)."),
        ControlParameter("timestamp", .integer, "When the offer was signed, in milliseconds since 1970."),
        ControlParameter("signature", .string, "The offer signature: ECDSA P-256 SHA-256, DER, base64."),
        ControlParameter("offerJWS", .string, "A promotional offer signed as a JWS (StoreKit 2's version 2 signature)."),
        ControlParameter("winBackOfferId", .string, "A win-back offer to redeem (Product.PurchaseOption.winBackOffer)."),
        ControlParameter("offerCode", .string, "An offer code to redeem, by its reference name."),
        ControlParameter(
          "introductoryOfferEligibilityJWS", .string, "A signed override of introductory offer eligibility (introductoryOfferEligibility(compactJWS:))."),
        ControlParameter(
          "simulatesAskToBuyInSandbox", .boolean, "In the Sandbox environment, this purchase asks to buy (SKPayment.simulatesAskToBuyInSandbox); elsewhere no effect."),
        ControlParameter(
          "purchaseDate", .string,
          "When the purchase happened: ISO 8601 (milliseconds kept), like 2026-01-15T10:00:00.250Z, now or earlier (StoreKitTest's purchaseDate option); a subscription's renewals up to now are made at once."),
        ControlParameter(
          "renewalBehavior", .string,
          "renewUntilNow (default) or cancelImmediately: an auto-renewable subscription bought with auto-renew off, for one period."),
      ],
      answer: .transactions
    ) { call throws(IAPError) in
      var request = BuyRequest(productId: try call.string("productId") ?? "")
      request.quantity = try call.int("quantity") ?? 1
      let username = try call.string("applicationUsername")
      let token = try call.string("appAccountToken")
      if username != nil && token != nil { throw ControlCall.usage("give applicationUsername or appAccountToken, not both") }
      if let token, !isUUID(token) { throw ControlCall.usage("body member 'appAccountToken': expected a UUID, got '\(token)'") }
      request.applicationUsername = username ?? token
      request.finish = try call.bool("finish") ?? false
      request.simulatedError = try call.string("simulatedError").map { (text) throws(IAPError) -> SKErrorCode in
        guard let code = SKErrorCode(nameOrNumber: text) else {
          throw ControlCall.usage("body member 'simulatedError': expected an SKError name or number, got '\(text)'")
        }
        return code
      }
      let offer = PromotionalOfferRequest(
        offerId: try call.string("offerId"), keyId: try call.string("keyId"), nonce: try call.string("nonce"),
        timestamp: try call.int("timestamp").map(String.init), signature: try call.string("signature"), jws: try call.string("offerJWS"))
      if offer.mixesVersions {
        throw ControlCall.usage("'offerJWS' carries the whole offer: it cannot be combined with offerId, keyId, nonce, timestamp or signature")
      }
      request.offer = offer.ifAny
      let winBack = try call.string("winBackOfferId")
      let code = try call.string("offerCode")
      if [request.offer != nil, winBack != nil, code != nil].filter({ $0 }).count > 1 {
        throw ControlCall.usage("a purchase redeems one offer: give a promotional offer, winBackOfferId or offerCode, not more than one")
      }
      request.redemption = winBack.map(OfferRedemption.winBack) ?? code.map(OfferRedemption.offerCode)
      request.introductoryEligibilityJWS = try call.string("introductoryOfferEligibilityJWS")
      request.simulatesAskToBuyInSandbox = try call.bool("simulatesAskToBuyInSandbox") ?? false
      request.purchaseDate = try call.string("purchaseDate").map { (text) throws(IAPError) -> Timestamp in
        guard let date = Timestamp(iso8601: text) else {
          throw ControlCall.usage("body member 'purchaseDate': expected an ISO 8601 date like 2026-01-15T10:00:00Z, got '\(text)'")
        }
        return date
      }
      switch try call.string("renewalBehavior") {
      case nil, "renewUntilNow"?: request.cancelsImmediately = false
      case "cancelImmediately"?: request.cancelsImmediately = true
      case let other?: throw ControlCall.usage("body member 'renewalBehavior': expected renewUntilNow or cancelImmediately, got '\(other)'")
      }
      request.signed = true
      let result = try call.workspace.buy(request)
      let error = result.failure.map { [("error", $0.json)] } ?? []
      return .json(TransactionJSON.document([result.purchasing, result.outcome], signer: result.signer, extra: error))
    }
  ]

  /// Whether `text` is a UUID in its canonical 8-4-4-4-12 hexadecimal form.
  static func isUUID(_ text: String) -> Bool {
    let groups = text.split(separator: "-", omittingEmptySubsequences: false)
    return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
  }
}
